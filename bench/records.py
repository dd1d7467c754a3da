# A million dictionaries, then the sum of one field, as bench/records.dnd.
def main():
    rows = []
    for i in range(1000000):
        rows.append({"name": "n" + str(i), "x": i, "y": 2 * i})
    total = 0
    for row in rows:
        total += row["y"]
    print(len(rows), total)


main()
