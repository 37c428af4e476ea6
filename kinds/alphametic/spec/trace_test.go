package spec_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
)

// TestTrace traces the column search at the defaults and with its checks
// off, on instances whose whole tree fits (kindtest.CheckTrace): the
// decisions drawn, a letter given a digit each, are the nodes.
func TestTrace(t *testing.T) {
	alpha := []alphametic.Instance{
		{N: 5, Words: [3]string{"ABCED", "BDACE", "EBBAA"}},
		{N: 3, Words: [3]string{"ABC", "ACB", "CCA"}},
		{N: 4, Words: [3]string{"CABB", "ACCB", "BDAD"}}, // no answer
	}
	for _, spec := range []string{"", "-column-narrow,-hidden-singles", "-column-check,-all-different", "-largest-first,-column-order"} {
		for _, p := range alpha {
			tree, _, st, err := kindtest.CheckTrace(t, theKind, p, spec)
			require.Equal(t, err == nil, tree.Answered, "%s %v", spec, p)
			require.Equal(t, st.Nodes, kindtest.Decisions(tree), "%s %+v", spec, p)
		}
	}
}
