package trace

import (
	"strconv"
)

// Plural returns n and the word for one thing or for many, for the detail
// of a cut: "1 piece", "3 pieces".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
