# The ablation of queens, which docs/ablation.sh sources from the repository's
# root, its functions ablate, gen and seeds defined (see there), and writes
# into ABLATION.md beside this file.
# The judge's N = 6..13 by the DFS; the encodings up to N = 10, past
# which enumerating every solution by SAT outgrows the time limit.
ablate queens "the DFS, N = 6 to 13" 5s dfs kinds/queens/testdata/{sample,checker}.in
small=$work/queens-6-10.in
printf '%s\n' 6 7 8 9 10 >"$small"
ablate queens "the encodings, N = 6 to 10" 5s sat "$small"
