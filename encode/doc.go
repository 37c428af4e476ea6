// Package encode is the front half of puzzlesat's SAT backend: one encoder
// and one model decoder per puzzle kind, built on the CNF builder of
// package [puzzlesat/encode/cnf].
//
// Each encoder returns a query: a formula whose models are the answers of
// one question about an instance ("a solution", "sticks of length L", "a
// cake of area at most Q"), with a Decode method that turns a model back
// into the puzzle's answer and a Vars method listing the variables that
// tell answers apart. The doc comment of each query type gives the
// encoding's source, its size and what unit propagation deduces on it.
package encode
