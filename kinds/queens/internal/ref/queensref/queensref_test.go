package queensref_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/queens/internal/ref/queensref"
)

func TestSolutions(t *testing.T) {
	for n := 1; n <= 9; n++ {
		require.Len(t, queensref.Solutions(n), queensref.Known(n), "n = %d", n)
	}
	require.Equal(t, [][]int{{2, 4, 1, 3}, {3, 1, 4, 2}}, queensref.Solutions(4))
	require.Equal(t, []int{2, 4, 6, 1, 3, 5}, queensref.Solutions(6)[0], "the judge's sample")
	for n := 1; n <= 9; n++ {
		var want []int
		if all := queensref.Solutions(n); len(all) > 0 {
			want = all[0]
		}
		require.Equal(t, want, queensref.Least(n), "n = %d", n)
		all := queensref.Solutions(n)
		require.Equal(t, all[:min(3, len(all))], queensref.First(n, 3), "n = %d", n)
	}
}
