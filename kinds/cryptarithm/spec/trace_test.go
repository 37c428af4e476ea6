package spec_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
)

// TestTrace traces the column search at the defaults and with its checks
// off, on instances whose whole tree fits (kindtest.CheckTrace): the
// decisions drawn, a letter given a digit each, are the nodes.
func TestTrace(t *testing.T) {
	crypt := []cryptarithm.Instance{
		{Base: 10, Addends: []string{"SEND", "MORE"}, Sum: "MONEY"},
		{Base: 3, Addends: []string{"A", "A"}, Sum: "B"},
		{Base: 10, Addends: []string{"AX", "BX"}, Sum: "YY"},
	}
	for _, spec := range []string{"", "-narrow-each", "-narrow-each,-column-digit", "-column-order,-leading-zero"} {
		for _, p := range crypt {
			tree, _, st, err := kindtest.CheckTrace(t, theKind, p, spec)
			require.Equal(t, err == nil, tree.Answered, "%s %v", spec, p)
			require.Equal(t, st.Nodes, kindtest.Decisions(tree), "%s %s", spec, p.String())
		}
	}
}
