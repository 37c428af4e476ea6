package queens

import (
	"strconv"
	"strings"
)

// Grid returns the solutions of a drawn as boards for people to read: a
// row a line, "Q" for a queen and "." for an empty square, separated by
// spaces, a blank line after each board, then the count when it is
// known.
func (p Instance) Grid(a Answer) string {
	var b strings.Builder
	for _, cols := range a.First {
		for _, c := range cols {
			for j := 1; j <= len(cols); j++ {
				if j > 1 {
					b.WriteByte(' ')
				}
				if j == c {
					b.WriteByte('Q')
				} else {
					b.WriteByte('.')
				}
			}
			b.WriteByte('\n')
		}
		b.WriteByte('\n')
	}
	if a.Count >= 0 {
		b.WriteString(strconv.Itoa(a.Count))
		b.WriteByte('\n')
	}
	return b.String()
}
