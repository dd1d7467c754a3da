# acc += i * i % 7 over ten million integers, as bench/loop.dnd.
def main():
    total = 0
    for i in range(10000000):
        total += i * i % 7
    print(total)


main()
