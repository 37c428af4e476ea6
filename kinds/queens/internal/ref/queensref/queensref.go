// Package queensref answers N-queens boards by trying every permutation
// of the columns in lexicographic order and checking the diagonals of
// each: the slow, obviously right reference that the tests compare both
// backends with.
package queensref

import (
	"slices"
)

// Solutions returns every solution of the n×n board in lexicographic
// order, each the columns (1-based) of rows 1..n. It tries all n!
// permutations: keep n at 10 or less.
func Solutions(n int) [][]int {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i + 1
	}
	var out [][]int
	for {
		if safe(perm) {
			out = append(out, slices.Clone(perm))
		}
		if !next(perm) {
			return out
		}
	}
}

// safe reports whether no two queens of perm share a diagonal.
func safe(perm []int) bool {
	for r := range perm {
		for q := range r {
			if d := perm[r] - perm[q]; d == r-q || d == q-r {
				return false
			}
		}
	}
	return true
}

// next turns p into the next permutation in lexicographic order, and
// reports false when p was the last.
func next(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return true
}

// Known returns the number of solutions of the n×n board for n = 1..16,
// from the On-Line Encyclopedia of Integer Sequences (A000170), which the
// tests hold both backends and Solutions to; -1 for another n.
func Known(n int) int {
	counts := [...]int{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512}
	if n < 1 || n > len(counts) {
		return -1
	}
	return counts[n-1]
}

// Least returns the least solution of the n×n board in lexicographic
// order, nil when there is none: First(n, 1)'s.
func Least(n int) []int {
	if first := First(n, 1); len(first) > 0 {
		return first[0]
	}
	return nil
}

// First returns the k least solutions of the n×n board in lexicographic
// order (fewer when there are fewer) by the textbook backtracking, row by
// row, columns from the left, every square checked against the queens
// above. It is fast enough up to n = 20 or so.
func First(n, k int) [][]int {
	var out [][]int
	cols := make([]int, 0, n)
	var place func() bool // reports whether k were found
	place = func() bool {
		if len(cols) == n {
			out = append(out, slices.Clone(cols))
			return len(out) == k
		}
		for c := 1; c <= n; c++ {
			cols = append(cols, c)
			if safeLast(cols) && place() {
				return true
			}
			cols = cols[:len(cols)-1]
		}
		return false
	}
	place()
	return out
}

// safeLast reports whether the last queen of cols attacks none above.
func safeLast(cols []int) bool {
	r := len(cols) - 1
	for q := range r {
		if d := cols[r] - cols[q]; d == 0 || d == r-q || d == q-r {
			return false
		}
	}
	return true
}
