# 200,000 pieces joined with str.join, as bench/strbuild.dnd.
def main():
    pieces = []
    for i in range(200000):
        pieces.append("s" + str(i) + ";")
    print(len("".join(pieces)))


main()
