-- 200,000 pieces joined with table.concat, as bench/strbuild.dnd.
local pieces = {}
for i = 0, 199999 do
  pieces[#pieces + 1] = "s" .. tostring(i) .. ";"
end
print(#table.concat(pieces))
