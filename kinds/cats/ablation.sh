# The ablation of cats, which docs/ablation.sh sources from the repository's
# root, its functions ablate, gen and seeds defined (see there), and writes
# into ABLATION.md beside this file.
# Bin completion's prunings on weights of W/10..W/2 (64 and 32 cats) and
# W/5..W/5+W/3 (50 cats, where the LP bound refutes the lower bound); the
# item search's cuts on smaller ones that it finishes; the encodings on
# the judge's size and a little beyond. The seeds give instances that
# need a search.
tenth="--w 1000000000 --lightest 100000000 --heaviest 500000000"
ablate cats "bin completion, 32 to 64 cats" 5s dfs "$(seeds cats-64 "5 6 7 8 9 11" cats --n 64 $tenth)" \
  "$(seeds cats-32 "1 2 7 15 17" cats --n 32 $tenth)" \
  "$(seeds cats-50 "8 20 24 27" cats --n 50 --w 100 --lightest 20 --heaviest 53)"
ablate cats "the item search, 24 and 30 cats" 5s dfs --dfs=-bin-completion "$(seeds cats-24 "15 19 35 62 70 72" cats --n 24 --w 1000 --lightest 100 --heaviest 500)" \
  "$(seeds cats-30 "2 63 66" cats --n 30 --w 100 --lightest 20 --heaviest 50)"
ablate cats "the encodings" 5s sat kinds/cats/testdata/sample.in "$(seeds cats-18 165 cats --n 18 --count 10)" \
  "$(seeds cats-30-uniform 3 cats --n 30 --w 1000 --heaviest 500 --count 6)" \
  "$(seeds cats-32-7 7 cats --n 32 $tenth)" "$(seeds cats-24-19 19 cats --n 24 --w 1000 --lightest 100 --heaviest 500)"
