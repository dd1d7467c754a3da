import DndCLI
import Foundation

// dnd-bench: the project's benchmarks. Run from the repository root as
//   swift run -c release dnd-bench [--json] [--runs N] [NAME...]
// Every benchmark runs in a child process of its own (this executable with
// `--child NAME`), so that its peak memory is its own; the parent prints one
// line per benchmark, or JSON with `--json`.

/// The command line: names, `--json`, `--runs N`, `--list`, `--child NAME`.
struct Options {
  var names: [String] = []
  var json = false
  var runs: Int?
  var list = false
  var child: String?

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--json": json = true
      case "--list": list = true
      case "--runs":
        guard let text = rest.popFirst(), let count = Int(text), count > 0 else {
          throw BenchSkip("--runs needs a positive number")
        }
        runs = count
      case "--child": child = rest.popFirst()
      case "-h", "--help":
        throw BenchSkip("usage: swift run -c release dnd-bench [--json] [--runs N] [--list] [NAME...]")
      default: names.append(argument)
      }
    }
  }
}

/// Runs one benchmark in this process and writes its measurement as JSON.
func runChild(_ benchmark: Benchmark, runs: Int?) -> Measurement {
  var measurement = Measurement(
    name: benchmark.name, seconds: [], throughputUnit: benchmark.throughput?.unit,
    throughputAmount: benchmark.throughput?.amount)
  do {
    let prepared = try benchmark.prepare()
    if let throughput = prepared.throughput {
      measurement.throughputUnit = throughput.unit
      measurement.throughputAmount = throughput.amount
    }
    if benchmark.warmUp { _ = try prepared.run() }
    for _ in 0..<(runs ?? benchmark.runs) {
      let (seconds, problem) = try Clock.time(prepared.run)
      if let problem {
        measurement.error = problem
        break
      }
      measurement.seconds.append(max(0, seconds - prepared.baseline))
    }
  } catch let skip as BenchSkip {
    measurement.skipped = skip.reason
  } catch {
    measurement.error = "\(error)"
  }
  if benchmark.reportsMemory { measurement.peakBytes = Clock.peakResidentBytes() }
  return measurement
}

/// Runs a benchmark in a child process and reads its measurement.
func runInChild(_ benchmark: Benchmark, runs: Int?) -> Measurement {
  var arguments = ["--child", benchmark.name]
  if let runs { arguments += ["--runs", String(runs)] }
  let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  do {
    let (status, output) = try Subprocess.run(me, arguments)
    if let data = output.data(using: .utf8),
      let measurement = try? JSONDecoder().decode(Measurement.self, from: data)
    {
      return measurement
    }
    return Measurement(name: benchmark.name, seconds: [], error: "child exited with status \(status)")
  } catch {
    return Measurement(name: benchmark.name, seconds: [], error: "\(error)")
  }
}

/// One line: name, median, min, throughput, peak memory.
func line(_ m: Measurement) -> String {
  func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
  let name = pad(m.name, 16)
  if let skipped = m.skipped { return "\(name) skipped: \(skipped)" }
  if let error = m.error, m.seconds.isEmpty { return "\(name) FAILED: \(error)" }
  var text = name + pad(String(format: "median %8.4f s", m.median), 20)
  text += pad(String(format: "min %8.4f s", m.minimum), 18)
  if let rate = m.rate, let unit = m.throughputUnit {
    let shown = rate >= 1e6 ? String(format: "%.2f M", rate / 1e6) : String(format: "%.1f ", rate)
    text += pad("\(shown)\(unit)", 24)
  }
  if let peak = m.peakBytes { text += String(format: "peak %.0f MB", Double(peak) / 1e6) }
  text += "  (\(m.seconds.count) runs)"
  if let error = m.error { text += "  FAILED: \(error)" }
  return text
}

do {
  let options = try Options(Array(CommandLine.arguments.dropFirst()))
  if let child = options.child {
    // As `dnd test --explore` does: explorations run with glibc's larger
    // per-thread caches of freed blocks (a restart, before any work).
    if child.hasPrefix("explore") { AllocatorTuning.restartForExploration() }
    guard let benchmark = Workloads.all.first(where: { $0.name == child }) else { exit(2) }
    let data = try JSONEncoder().encode(runChild(benchmark, runs: options.runs))
    FileHandle.standardOutput.write(data)
    exit(0)
  }
  if options.list {
    for benchmark in Workloads.all { print("\(benchmark.name): \(benchmark.summary)") }
    exit(0)
  }
  let unknown = options.names.filter { name in !Workloads.all.contains { $0.name == name } }
  if !unknown.isEmpty {
    FileHandle.standardError.write(Data("unknown benchmark: \(unknown.joined(separator: ", "))\n".utf8))
    exit(2)
  }
  let selected = Workloads.all.filter { options.names.isEmpty || options.names.contains($0.name) }
  var results: [Measurement] = []
  for benchmark in selected {
    let measurement = runInChild(benchmark, runs: options.runs)
    results.append(measurement)
    if !options.json {
      FileHandle.standardOutput.write(Data((line(measurement) + "\n").utf8))
    }
  }
  if options.json {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(results), as: UTF8.self))
  }
  exit(results.contains { $0.error != nil } ? 1 : 0)
} catch let skip as BenchSkip {
  FileHandle.standardError.write(Data("\(skip.reason)\n".utf8))
  exit(2)
}
