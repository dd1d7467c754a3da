-- The hit-test workload, as bench/hittest.dnd: a 7-ary tree of 100,000 views built
-- breadth first (strips along the longer side, MINSTD margins on the other), then
-- 100,000 queries descending to the deepest view, last child first.
local state = 42
local function nextRandom()
  state = state * 48271 % 2147483647
  return state
end

local function deepest(node, px, py)
  local lx, ly = px - node.x, py - node.y
  if lx < 0 or ly < 0 or lx >= node.w or ly >= node.h then return nil end
  local kids = node.kids
  for i = #kids, 1, -1 do
    local found = deepest(kids[i], lx, ly)
    if found then return found end
  end
  return node
end

local size = 1000000
local root = { ident = 0, x = 0, y = 0, w = size, h = size, kids = {} }
local order, at, made = { root }, 1, 1
while made < 100000 do
  local parent = order[at]
  at = at + 1
  for k = 0, 6 do
    if made >= 100000 then break end
    local kid
    if parent.w >= parent.h then
      local seg = parent.w // 7
      local a = nextRandom() % (parent.h // 10 + 1)
      local b = nextRandom() % (parent.h // 10 + 1)
      kid = { ident = made, x = k * seg, y = a, w = seg, h = parent.h - a - b, kids = {} }
    else
      local seg = parent.h // 7
      local a = nextRandom() % (parent.w // 10 + 1)
      local b = nextRandom() % (parent.w // 10 + 1)
      kid = { ident = made, x = a, y = k * seg, w = parent.w - a - b, h = seg, kids = {} }
    end
    parent.kids[#parent.kids + 1] = kid
    order[#order + 1] = kid
    made = made + 1
  end
end
local total = 0
for _ = 1, 100000 do
  local x = nextRandom() % size
  local y = nextRandom() % size
  total = total + deepest(root, x, y).ident
end
print(made, total)
