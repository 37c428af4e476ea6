# The ablation of cake, which docs/ablation.sh sources from the repository's
# root, its functions ablate, gen and seeds defined (see there), and writes
# into ABLATION.md beside this file.
ablate cake "judge data and generated" 5s dfs,sat kinds/cake/testdata/*.in "$(seeds cake-gen 19 cake --count 10)"
