-- A million tables, then the sum of one field, as bench/records.dnd.
local rows = {}
for i = 0, 999999 do
  rows[#rows + 1] = { name = "n" .. tostring(i), x = i, y = 2 * i }
end
local total = 0
for _, row in ipairs(rows) do
  total = total + row.y
end
print(#rows, total)
