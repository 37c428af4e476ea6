package lab

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPageID: a page's name is 1 to 64 letters, digits, _ and -.
func TestPageID(t *testing.T) {
	for _, tc := range []struct {
		id string
		ok bool
	}{
		{"a", true},
		{"Page_1-x", true},
		{strings.Repeat("z", 64), true},
		{"", false},
		{strings.Repeat("z", 65), false},
		{"../x", false},
		{"a b", false},
		{"é", false},
		{"a\n", false},
	} {
		require.Equal(t, tc.ok, pageID(tc.id), "%q", tc.id)
	}
}
