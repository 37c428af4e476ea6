# The ablation of alphametic, which docs/ablation.sh sources from the repository's
# root, its functions ablate, gen and seeds defined (see there), and writes
# into ABLATION.md beside this file.
ablate alphametic "NOIP2004 points and 12 letters" 5s dfs,sat kinds/alphametic/testdata/alpha*.in "$(gen alphametic --n 12 --count 10 --seed 19)"
