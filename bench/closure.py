# A thousand closures over the loop variable, 3,000 calls each, as bench/closure.dnd.
def main():
    acc = 0
    for j in range(1000):
        def add(x):
            return x + j
        for _ in range(3000):
            acc = add(acc)
    print(acc)


main()
