package queens_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/queens"
)

func TestQueensGrid(t *testing.T) {
	tests := []struct {
		name, got, want string
	}{
		{"4 queens", queens.Instance{N: 4}.Grid(queens.Answer{First: [][]int{{2, 4, 1, 3}, {3, 1, 4, 2}}, Count: 2}),
			". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n2\n"},
		{"one queen, count unknown", queens.Instance{N: 1}.Grid(queens.Answer{First: [][]int{{1}}, Count: -1}), "Q\n\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, tc.got)
		})
	}
}
