// Package brute finds the shortest addition chains of small n by the
// plainest exhaustive search, for the tests of both backends: it shares
// no code with either.
package brute

// Length returns the length of a shortest addition chain of n, and the
// greatest such chain in lexicographic order, the first found.
func Length(n int) (int, []int) {
	for m := 0; ; m++ {
		var first []int
		if extend([]int{1}, n, m, func(c []int) bool { first = append([]int(nil), c...); return false }) {
			return m, first
		}
	}
}

// Count returns the length of a shortest addition chain of n and the
// number of chains of that length.
func Count(n int) (length, count int) {
	for m := 0; ; m++ {
		extend([]int{1}, n, m, func([]int) bool { count++; return true })
		if count > 0 {
			return m, count
		}
	}
}

// extend calls found with each chain of m additions ending at n that
// starts with chain, in decreasing lexicographic order, until found
// returns false, and reports whether found was called. It tries every
// increasing chain, each element a sum of two earlier ones, each
// distinct sum once at a node, the largest first. The one cut it keeps is the plainest: an element v with r
// additions after it that cannot reach n by doubling (v·2^r < n) ends
// the branch; without it n = 200 takes minutes.
func extend(chain []int, n, m int, found func([]int) bool) (any bool) {
	var walk func(chain []int) bool
	walk = func(chain []int) bool {
		k := len(chain)
		last := chain[k-1]
		if k == m+1 {
			if last == n {
				any = true
				return found(chain)
			}
			return true
		}
		if last<<(m-k+1) < n {
			return true
		}
		tried := make([]bool, n+1)
		for _, x := range chain {
			for _, y := range chain {
				if v := x + y; v > last && v <= n {
					tried[v] = true
				}
			}
		}
		for v := n; v > last; v-- {
			if tried[v] && !walk(append(chain, v)) {
				return false
			}
		}
		return true
	}
	walk(chain)
	return any
}
