-- A thousand closures over the loop variable, 3,000 calls each, as bench/closure.dnd.
local acc = 0
for j = 0, 999 do
  local add = function(x) return x + j end
  for _ = 1, 3000 do
    acc = add(acc)
  end
end
print(acc)
