# The ablation of digit-puzzle, which docs/ablation.sh sources from the repository's
# root, its functions ablate, gen and seeds defined (see there), and writes
# into ABLATION.md beside this file.
ablate digit-puzzle "judge sample and generated" 5s dfs,sat kinds/digitpuzzle/testdata/sample.in "$(gen digit-puzzle --count 100 --seed 3)"
