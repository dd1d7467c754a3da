-- acc += i * i % 7 over ten million integers, as bench/loop.dnd.
local total = 0
for i = 0, 9999999 do
  total = total + i * i % 7
end
print(total)
