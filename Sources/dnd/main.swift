// The `dnd` command: everything lives in DndCLI so tests can call it in-process.
print("dnd: not built yet")
