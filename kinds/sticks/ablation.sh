# The ablation of sticks, which docs/ablation.sh sources from the repository's
# root, its functions ablate, gen and seeds defined (see there), and writes
# into ABLATION.md beside this file.
# The DFS on every judge file but the original CERC data (the same blocks
# as le50 and more), the generated blocks that the classic search takes
# seconds on, and blocks of 12 sticks cut at random; the encodings on the
# smaller judge files and those blocks.
cut=$(gen sticks --sticks 12 --count 20 --seed 19)
ablate sticks "the DFS on the judge data and cut blocks" 5s dfs kinds/sticks/testdata/{sample,hard_454,folklore_comment2,folklore_pkuoj_comment,cerc1995_sticks_le50,gen_hard}.in "$cut"
ablate sticks "the encodings" 5s sat kinds/sticks/testdata/{sample,hard_454,folklore_comment2,folklore_pkuoj_comment}.in "$cut"
