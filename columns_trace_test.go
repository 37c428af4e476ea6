package puzzlesat_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// TestColumnsTrace traces the column searches of alphametic and
// cryptarithm, at the defaults and with their checks off, on instances
// whose whole tree fits: the cuts drawn are the run's, which are those of
// an untraced solve; the decisions drawn, a letter given a digit each,
// are the nodes; the SVG is well-formed and the same on a second run.
func TestColumnsTrace(t *testing.T) {
	alpha := []puzzle.Alphametic{
		{N: 5, Words: [3]string{"ABCED", "BDACE", "EBBAA"}},
		{N: 3, Words: [3]string{"ABC", "ACB", "CCA"}},
		{N: 4, Words: [3]string{"CABB", "ACCB", "BDAD"}}, // no answer
	}
	for _, spec := range []string{"", "-column-narrow,-hidden-singles", "-column-check,-all-different", "-largest-first,-column-order"} {
		for _, p := range alpha {
			tree, _, st, err := checkTrace(t, puzzlesat.Alphametic(), p, spec)
			require.Equal(t, err == nil, tree.Answered, "%s %v", spec, p)
			require.Equal(t, st.Nodes, decisions(tree), "%s %+v", spec, p)
		}
	}
	crypt := []puzzle.Cryptarithm{
		{Base: 10, Addends: []string{"SEND", "MORE"}, Sum: "MONEY"},
		{Base: 3, Addends: []string{"A", "A"}, Sum: "B"},
		{Base: 10, Addends: []string{"AX", "BX"}, Sum: "YY"},
	}
	for _, spec := range []string{"", "-narrow-each", "-narrow-each,-column-digit", "-column-order,-leading-zero"} {
		for _, p := range crypt {
			tree, _, st, err := checkTrace(t, puzzlesat.Cryptarithm(), p, spec)
			require.Equal(t, err == nil, tree.Answered, "%s %v", spec, p)
			require.Equal(t, st.Nodes, decisions(tree), "%s %s", spec, p.String())
		}
	}
}
