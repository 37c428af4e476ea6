// Package intmath holds the integer arithmetic that both backends need and
// the standard library lacks.
package intmath

import (
	"math"
)

// Sqrt returns the integer square root of x ≥ 0: the largest r with
// r·r ≤ x. It panics on a negative x.
func Sqrt(x int) int {
	if x < 0 {
		panic("intmath.Sqrt of a negative number")
	}
	r := int(math.Sqrt(float64(x)))
	for r*r > x {
		r--
	}
	for (r+1)*(r+1) <= x {
		r++
	}
	return r
}

// CeilDiv returns ⌈a/b⌉ for a ≥ 0 and b > 0.
func CeilDiv(a, b int) int { return (a + b - 1) / b }
