package sticksref_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/sticks/internal/ref/sticksref"
)

func TestClassic(t *testing.T) {
	tests := []struct {
		name   string
		pieces []int
		want   int
	}{
		{"statement sample 1", []int{5, 2, 1, 5, 2, 1, 5, 2, 1}, 6},
		{"statement sample 2", []int{1, 2, 3, 4}, 5},
		{"one piece", []int{7}, 7},
		{"only the whole", []int{3, 5}, 8},
		{"equal pieces", []int{4, 4, 4, 4}, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, sticksref.Classic(tc.pieces))
		})
	}
}
