package cnf

// pairwiseMax is the largest group for which AtMostOne writes every pair.
// The sequential counter is smaller (3n clauses against n²/2) but its
// auxiliary variables slow the solver down on groups of this size, as on
// the 25x25 judge sudokus (docs/results.md).
const pairwiseMax = 25

// AtLeastOne adds the clause l1 ∨ l2 ∨ ... .
func (f *CNF) AtLeastOne(ls ...Lit) { f.Add(ls...) }

// AtMostOne adds clauses allowing at most one of ls to be true: every pair
// for small groups, else the sequential counter of Sinz (2005), which uses
// n-1 variables and 3n-4 clauses and keeps arc consistency under unit
// propagation.
func (f *CNF) AtMostOne(ls ...Lit) {
	switch {
	case len(ls) < 2:
	case len(ls) <= pairwiseMax:
		f.pairwise(ls)
	default:
		f.sequential(ls)
	}
}

// ExactlyOne adds clauses forcing exactly one of ls to be true.
func (f *CNF) ExactlyOne(ls ...Lit) {
	f.AtLeastOne(ls...)
	f.AtMostOne(ls...)
}

// AtMostK adds clauses allowing at most k of ls to be
// true, by the sequential counter of Sinz (2005): n·k variables, about 2nk
// clauses, arc consistent under unit propagation.
func (f *CNF) AtMostK(ls []Lit, k int) {
	switch {
	case k < 0:
		f.Add()
		return
	case k >= len(ls):
		return
	case k == 0:
		for _, l := range ls {
			f.Add(l.Not())
		}
		return
	}
	// s[j] after step i: at least j+1 of ls[0..i] are true.
	prev := make([]Lit, k)
	for i, l := range ls {
		cur := make([]Lit, k)
		for j := range cur {
			cur[j] = f.Lit()
			if i > 0 {
				f.Add(prev[j].Not(), cur[j])
			}
		}
		f.Add(l.Not(), cur[0])
		for j := 1; j < k && i > 0; j++ {
			f.Add(l.Not(), prev[j-1].Not(), cur[j])
		}
		if i > 0 {
			f.Add(l.Not(), prev[k-1].Not())
		}
		prev = cur
	}
}
