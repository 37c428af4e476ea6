# The ablation of cryptarithm, which docs/ablation.sh sources from the repository's
# root, its functions ablate, gen and seeds defined (see there), and writes
# into ABLATION.md beside this file.
ablate cryptarithm "judge files and 4 addends of width 5" 5s dfs,sat kinds/cryptarithm/testdata/{sample,exercism,fortresses,many}.in "$(gen cryptarithm --addends 4 --width 5 --count 10 --seed 19)"

# Why a default stays where an alternative beats it in a table, from
# measurements beyond the tables (docs/results.md).
why["sat sum=columns"]="it loses on FORTRESSES (1.2x) and on the 20- and 30-addend generated sets (geometric means 1.28 and 1.39, up to 3.4x on instances of a second or more), where the bounds' MDDs pay for their building; docs/results.md has the table of twelve sets"
why["dfs -narrow-each"]="without it the 12- and 20-addend sets take up to 300 times the nodes and 53 times the time; where it loses, it loses by at most 9 times (docs/results.md)"
