// Package sticksref answers Sticks blocks (POJ 1011) by the textbook
// backtracking with only the classic cuts: the slow, obviously right
// reference that the tests compare both backends with.
package sticksref

import (
	"slices"
)

// Classic returns the smallest stick length L into which pieces can be
// joined with every piece used. It fills the sticks one after another,
// longest piece first, skips a piece equal to one that just failed, and
// gives up when a fresh stick's first piece, or a piece that exactly
// completes a stick, fails. pieces must be non-empty and positive.
func Classic(pieces []int) int {
	a := slices.Clone(pieces)
	slices.SortFunc(a, func(x, y int) int { return y - x })
	sum := 0
	for _, v := range a {
		sum += v
	}
	used := make([]bool, len(a))
	var fill func(l, left, cur, start int) bool
	fill = func(l, left, cur, start int) bool {
		if left == 0 {
			return true
		}
		if cur == l {
			return fill(l, left-1, 0, 0)
		}
		failed := -1
		for i := start; i < len(a); i++ {
			if used[i] || cur+a[i] > l || a[i] == failed {
				continue
			}
			used[i] = true
			if fill(l, left, cur+a[i], i+1) {
				return true
			}
			used[i] = false
			failed = a[i]
			if cur == 0 || cur+a[i] == l {
				return false
			}
		}
		return false
	}
	for l := a[0]; ; l++ {
		if sum%l == 0 && fill(l, sum/l, 0, 0) {
			return l
		}
	}
}
