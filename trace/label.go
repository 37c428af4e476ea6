package trace

import (
	"strconv"
)

// Plural returns n and thing, with an s when n is not 1, for the detail
// of a cut: "1 piece", "3 pieces".
func Plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}
