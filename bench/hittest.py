# The hit-test workload, as bench/hittest.dnd: a 7-ary tree of 100,000 views built
# breadth first (strips along the longer side, MINSTD margins on the other), then
# 100,000 queries descending to the deepest view, last child first.
class Rng:
    def __init__(self):
        self.state = 42

    def next(self):
        self.state = self.state * 48271 % 2147483647
        return self.state


class Node:
    __slots__ = ("ident", "x", "y", "w", "h", "kids")

    def __init__(self, ident, x, y, w, h):
        self.ident, self.x, self.y, self.w, self.h, self.kids = ident, x, y, w, h, []


def deepest(node, px, py):
    lx = px - node.x
    ly = py - node.y
    if lx < 0 or ly < 0 or lx >= node.w or ly >= node.h:
        return None
    for kid in reversed(node.kids):
        found = deepest(kid, lx, ly)
        if found is not None:
            return found
    return node


def main():
    rng = Rng()
    size = 1000000
    root = Node(0, 0, 0, size, size)
    order = [root]
    made = 1
    at = 0
    while made < 100000:
        parent = order[at]
        at += 1
        for k in range(7):
            if made >= 100000:
                break
            if parent.w >= parent.h:
                seg = parent.w // 7
                a = rng.next() % (parent.h // 10 + 1)
                b = rng.next() % (parent.h // 10 + 1)
                kid = Node(made, k * seg, a, seg, parent.h - a - b)
            else:
                seg = parent.h // 7
                a = rng.next() % (parent.w // 10 + 1)
                b = rng.next() % (parent.w // 10 + 1)
                kid = Node(made, a, k * seg, parent.w - a - b, seg)
            parent.kids.append(kid)
            order.append(kid)
            made += 1
    total = 0
    for _ in range(100000):
        x = rng.next() % size
        y = rng.next() % size
        total += deepest(root, x, y).ident
    print(made, total)


main()
