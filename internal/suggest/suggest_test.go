package suggest

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// names are what a program might know: a few kinds' names, other words,
// and flags.
var names = []string{"sudoku", "cake", "cats", "digit-puzzle", "quorum", "cryptogram", "alphabet", "backend", "timeout", "stats"}

func TestNearest(t *testing.T) {
	tests := []struct {
		word, want string
		ok         bool
	}{
		{"sudku", "sudoku", true},       // a letter left out
		{"suduko", "sudoku", true},      // two letters swapped
		{"Sudoku9", "sudoku", true},     // case, and a letter too many
		{"qorum", "quorum", true},       // one of six
		{"cats", "", false},             // exact: nothing to suggest
		{"CATS", "", false},             // exact but for case
		{"cat", "cats", true},           // the start of a name
		{"cak", "cake", true},           // as near as cats; cake's letters
		{"backends", "backend", true},   // a name is its start
		{"digit", "digit-puzzle", true}, // the start of a name
		{"cryptograms", "cryptogram", true},
		{"alphabek", "alphabet", true},
		{"chess", "", false},         // nothing near
		{"x", "", false},             // too short to guess
		{"timeuot", "timeout", true}, // swapped
		{"stat", "stats", true},
		{"", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.word, func(t *testing.T) {
			got, ok := Nearest(tc.word, names)
			require.Equal(t, tc.ok, ok, "Nearest(%q) = %q, %v", tc.word, got, ok)
			if tc.ok {
				require.Equal(t, tc.want, got)
			}
		})
	}
}

func TestDidYouMean(t *testing.T) {
	require.Equal(t, `did you mean "sudoku"?`, DidYouMean("sudok", names, strconv.Quote))
	require.Equal(t, "did you mean --backend?", DidYouMean("backnd", names, func(s string) string { return "--" + s }))
	require.Empty(t, DidYouMean("chess", names, strconv.Quote))
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "abc", 0},
		{"abc", "acb", 1}, // a swap
		{"ca", "abc", 3},  // optimal alignment: no edit of a swapped pair
		{"kitten", "sitting", 3},
		{"sudoku", "sudku", 1},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, distance(tc.a, tc.b), "distance(%q, %q)", tc.a, tc.b)
		require.Equal(t, tc.want, distance(tc.b, tc.a), "distance(%q, %q)", tc.b, tc.a)
	}
}
