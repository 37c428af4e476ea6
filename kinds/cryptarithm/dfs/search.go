package dfs

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Solve returns the first answer of p that the column search finds,
// with the prunings of Prunings that run switches, or
// puzzle.ErrNoSolution, or ctx.Err() when ctx is done first. An instance
// that is not well formed (see cryptarithm.Instance.Validate) gives that
// error.
func Solve(ctx context.Context, p cryptarithm.Instance, run search.Run) (cryptarithm.Answer, search.Stats, error) {
	if err := p.Validate(); err != nil {
		return cryptarithm.Answer{}, search.Stats{}, err
	}
	if run.Counting() {
		return solve[trace.Counted](ctx, p, run)
	}
	return solve[trace.Uncounted](ctx, p, run)
}

// solve is Solve with the search counting into a trace.Probe[C].
func solve[C trace.Counts](ctx context.Context, p cryptarithm.Instance, run search.Run) (cryptarithm.Answer, search.Stats, error) {
	s := newCryptSearch[C](ctx, p, 1, run)
	s.run()
	st := search.Stats{Nodes: s.tick.Steps(), Cuts: s.probe.Counts(cryptPrunings)}
	if err := s.tick.Err(); err != nil {
		return cryptarithm.Answer{}, st, err
	}
	if s.count == 0 {
		return cryptarithm.Answer{}, st, puzzle.ErrNoSolution
	}
	return cryptarithm.Answer{Digits: s.first}, st, nil
}

// Count returns the number of answers of p, stopping at limit
// (a limit below 1 counts them all), or ctx.Err() with the count so far
// when ctx is done first, with the prunings that run switches.
func Count(ctx context.Context, p cryptarithm.Instance, limit int, run search.Run) (int, search.Stats, error) {
	if err := p.Validate(); err != nil {
		return 0, search.Stats{}, err
	}
	if run.Counting() {
		return count[trace.Counted](ctx, p, limit, run)
	}
	return count[trace.Uncounted](ctx, p, limit, run)
}

// count is Count with the search counting into a trace.Probe[C].
func count[C trace.Counts](ctx context.Context, p cryptarithm.Instance, limit int, run search.Run) (int, search.Stats, error) {
	s := newCryptSearch[C](ctx, p, limit, run)
	s.run()
	return s.count, search.Stats{Nodes: s.tick.Steps(), Cuts: s.probe.Counts(cryptPrunings)}, s.tick.Err()
}

// The prunings of Cryptarithm, indexed as in CryptarithmPrunings and in
// its cut counts.
const (
	cryptColumnOrder = iota
	cryptWeightOrder
	cryptPrimeLast
	cryptColumnCheck
	cryptColumnDigit
	cryptWindowBound
	cryptNarrowEach
	cryptLeadingZero
	cryptPrunings // the number of prunings
)

// Prunings returns the prunings of Cryptarithm and
// Count. With any of them off every answer is still found: a
// check that is switched off is made at the leaves instead. The chapter
// has no general cryptarithm; the column test and the order by columns
// are its alphametic's (see AlphameticPrunings), which it names without
// numbers.
//
// The search cuts in a few more places that have no switch, because they
// make it correct rather than fast: two letters never share a digit (the
// rule of the puzzle), a column's sum is never negative and no carry
// leaves the top column (the column equations), and a word longer than
// the sum, or more letters than digits, has no answer before the search
// starts (the columns are the sum's, and the digits are B).
func Prunings() []technique.Pruning {
	return []technique.Pruning{
		cryptColumnOrder: {Name: "column-order", Category: technique.Order, Chapter: "named", Counts: "letters moved",
			Doc: "letters are chosen by the column where they first occur, from the right, so columns complete early (else alphabetically)"},
		cryptWeightOrder: {Name: "weight-order", Category: technique.Order, Counts: "letters moved", Needs: []string{"column-order"},
			Doc: "within a column, the letters of largest weight in the window are chosen first"},
		cryptPrimeLast: {Name: "prime-last", Category: technique.Order, Counts: "letters moved", Needs: []string{"column-order"},
			Doc: "a column's last letter is one whose coefficient is prime to B, so the column fixes its digit"},
		cryptColumnCheck: {Name: "column-check", Category: technique.Feasibility, Chapter: "named", Counts: "nodes failed",
			Doc: "each column is checked, and its exact carry passed on, once its letters are set (else the sum is checked at the leaves)"},
		cryptColumnDigit: {Name: "column-digit", Category: technique.Feasibility, Counts: "digits skipped", Needs: []string{"column-check"},
			Doc: "the letter that completes a column is only given the digits that make the column 0 modulo B"},
		cryptWindowBound: {Name: "window-bound", Category: technique.Feasibility, Counts: "nodes failed",
			Doc: "cut when the exact least and greatest value of a window of columns over the free digits bracket no multiple of B^w"},
		cryptNarrowEach: {Name: "narrow-each", Category: technique.Propagation, Counts: "digits removed", Needs: []string{"window-bound"},
			Doc: "each open letter of the window keeps only the digits for which the others' extremes still fit"},
		cryptLeadingZero: {Name: "leading-zero", Category: technique.Feasibility, Counts: "digits removed",
			Doc: "a letter that starts a word of two or more letters never takes 0, from the root (else checked at the leaves)"},
	}
}

// cryptSearch holds what stays fixed during one search of a cryptarithm.
// Columns are numbered from the least significant (0); letters by their
// rank in p.Letters().
//
// Each column j is the equation Σ c_j(X)·d(X) + carry_j = B·carry_{j+1},
// where c_j(X) counts X in the addends' column j minus one when X is the
// sum's letter there; carry_0 = 0 and no carry leaves the top column.
// Carries can exceed 1: with many addends they reach about their number.
//
// Letters are taken in the column where they first occur, from the right.
// When a letter completes a column, the column fixes its digit modulo B
// (so the last letter of a column is chosen to have a coefficient prime to
// B: the sum's letter, usually), and the carry out of every column it
// completes follows. After every choice, the columns from the first
// incomplete one up (as many as fit an int64, see windows) bound the
// digits still open: the greedy pairing of free digits with the
// coefficients gives the exact least and greatest value of their sum, and
// unless one multiple of B^w that the carry out of the window can take
// lies between, the branch is cut. The same bound, with one letter's digit
// fixed and the others' extremes taken over the digits left, narrows each
// open letter's digits to those that fit (narrowEach), which cuts the
// nodes for about the same time (docs/ablation.md).
//
// The prunings on are read once at setup, as the bits of Prunings' table;
// the order ones only change order and ready.
type cryptSearch[C trace.Counts] struct {
	tick    poll.Ticker // counts the nodes
	base    int
	n       int           // letters
	letters string        // the letters by rank, for the trace's labels
	cols    int           // columns: the length of the sum
	coef    [][]int8      // coef[j][X]: c_j(X) modulo B
	terms   [][]cryptTerm // terms[j]: the letters with c_j(X) ≠ 0
	occurs  []uint32      // occurs[j]: the letters in column j, even with c_j(X) = 0
	order   []int         // letters in the order they are chosen
	ready   []int         // ready[k]: columns complete once order[0..k] are set
	win     []cryptWin    // win[j]: the window starting at column j
	lead    uint32        // letters that start a word of two or more letters
	carry   []int         // carry[j]: the carry into column j on the current path
	states  []cryptState  // states[k]: the node at depth k on the current path
	limit   int
	count   int
	first   []int
	infeasi bool // no answer before any search: too many letters, a long addend

	on        technique.Bits // the prunings on, indexed by the constants of Prunings
	digitCut  bool           // column-digit, with column-check that it needs
	leafCheck bool           // some check is left to the leaves

	probe trace.Probe[C] // the cuts, and the tree when traced
}

// cryptTerm is one term of a column: letter X with coefficient c ≠ 0.
type cryptTerm struct {
	x int
	c int
}

// cryptWin is the linear equation of columns j .. j+w-1:
// Σ wc(X)·d(X) + carry_j = B^w·carry_{j+w}, 0 ≤ carry_{j+w} ≤ maxOut.
type cryptWin struct {
	pow    int64       // B^w
	maxOut int64       // the largest carry out of the window (0 at the top)
	terms  []cryptTerm // letters with wc ≠ 0, wc descending
}

// cryptState is what the search knows at one node; it is copied into each
// child (states[k+1] below states[k]), so going back costs nothing.
type cryptState struct {
	dom  [26]uint64 // digits each letter can still take
	val  [26]int8   // digit of each assigned letter, -1 when open
	free uint64     // digits no assigned letter holds
}

func newCryptSearch[C trace.Counts](ctx context.Context, p cryptarithm.Instance, limit int, run search.Run) *cryptSearch[C] {
	letters := p.Letters()
	s := &cryptSearch[C]{tick: poll.New(ctx), base: p.Base, n: len(letters), letters: letters, cols: len(p.Sum), limit: max(limit, 0)}
	s.probe.Start(run.Sink)
	s.on = run.Prunings.Bits(Prunings)
	s.digitCut = s.on.Has(cryptColumnCheck) && s.on.Has(cryptColumnDigit) // partial needs the exact carries
	s.leafCheck = !s.on.Has(cryptColumnCheck) || !s.on.Has(cryptLeadingZero)
	var idx [26]int
	for i := range letters {
		idx[letters[i]-'A'] = i
	}
	for _, w := range append(slices.Clip(p.Addends), p.Sum) {
		if len(w) > 1 {
			s.lead |= 1 << idx[w[0]-'A']
		}
		// A word of two or more letters longer than the sum is larger than
		// any sum of that length; more letters than digits cannot be.
		if len(w) > len(p.Sum) || s.n > p.Base {
			s.infeasi = true
		}
	}
	if s.infeasi {
		return s
	}
	s.columns(p, &idx)
	s.windows(p)
	s.chooseOrder(s.on.Has(cryptColumnOrder), s.on.Has(cryptWeightOrder), s.on.Has(cryptPrimeLast))
	return s
}

// columns sets coef, terms and carry.
func (s *cryptSearch[C]) columns(p cryptarithm.Instance, idx *[26]int) {
	s.coef = make([][]int8, s.cols)
	s.terms = make([][]cryptTerm, s.cols)
	s.occurs = make([]uint32, s.cols)
	s.carry = make([]int, s.cols+1)
	count := make([]int, s.n)
	for j := range s.cols {
		clear(count)
		for _, w := range p.Addends {
			if j < len(w) {
				x := idx[w[len(w)-1-j]-'A']
				count[x]++
				s.occurs[j] |= 1 << x
			}
		}
		x := idx[p.Sum[len(p.Sum)-1-j]-'A']
		count[x]--
		s.occurs[j] |= 1 << x
		s.coef[j] = make([]int8, s.n)
		for x, c := range count {
			if c != 0 {
				s.terms[j] = append(s.terms[j], cryptTerm{x, c})
			}
			// Only c mod B and whether c is 0 are read from coef.
			s.coef[j][x] = int8(((c % s.base) + s.base) % s.base)
		}
	}
}

// windows sets win: for each column j, the widest window of columns whose
// coefficients and bounds stay far inside an int64.
func (s *cryptSearch[C]) windows(p cryptarithm.Instance) {
	b := int64(s.base)
	// Every magnitude below is at most 2·(addends+1)·B^w + carries.
	lim := int64(math.MaxInt64/4) / int64(len(p.Addends)+2)
	maxIn := make([]int64, s.cols+1) // the largest carry into each column
	for j := range s.cols {
		add := int64(0)
		for _, t := range s.terms[j] {
			add += int64(max(t.c, 0))
		}
		maxIn[j+1] = (maxIn[j] + add*(b-1)) / b
	}
	s.win = make([]cryptWin, s.cols)
	for j := range s.cols {
		wc := make([]int64, s.n)
		pow := int64(1)
		w := 0
		for j+w < s.cols && pow <= lim/b {
			for _, t := range s.terms[j+w] {
				wc[t.x] += int64(t.c) * pow
			}
			pow *= b
			w++
		}
		win := cryptWin{pow: pow}
		if j+w < s.cols {
			win.maxOut = maxIn[j+w]
		}
		for x, c := range wc {
			if c != 0 {
				win.terms = append(win.terms, cryptTerm{x, int(c)})
			}
		}
		slices.SortFunc(win.terms, func(a, b cryptTerm) int { return cmp.Compare(b.c, a.c) })
		s.win[j] = win
	}
}

// chooseOrder sets order and ready. With byColumn, letters by the column
// where they first occur; within it, with byWeight, by the weight of
// their window coefficient, and with primeLast last a letter whose
// coefficient in the column is prime to B, which the column then fixes.
// Without byColumn, alphabetically. Each of the three counts the letters
// whose place it changed from the order before it.
func (s *cryptSearch[C]) chooseOrder(byColumn, byWeight, primeLast bool) {
	placed := make([]bool, s.n)
	for j := range s.cols {
		if !byColumn {
			break
		}
		var group []int
		for x := range s.n {
			if s.occurs[j]>>x&1 == 1 && !placed[x] {
				if x != len(s.order)+len(group) { // the alphabet's letter there is another
					s.probe.Cut(cryptColumnOrder)
				}
				group = append(group, x)
				placed[x] = true
			}
		}
		if byWeight {
			weight := make(map[int]int, len(group))
			for _, t := range s.win[j].terms {
				weight[t.x] = max(t.c, -t.c)
			}
			var before []int // for the count alone
			if s.probe.Counting() {
				before = slices.Clone(group)
			}
			slices.SortStableFunc(group, func(a, b int) int { return cmp.Compare(weight[b], weight[a]) })
			if s.probe.Counting() {
				s.probe.CutN(cryptWeightOrder, moved(before, group))
			}
		}
		if c := s.closer(j, group); primeLast && c >= 0 {
			x := group[c]
			group = append(slices.Delete(group, c, c+1), x)
			if c < len(group)-1 {
				s.probe.CutN(cryptPrimeLast, len(group)-c) // x and the letters it passed
			}
		}
		s.order = append(s.order, group...)
	}
	if !byColumn {
		for x := range s.n {
			s.order = append(s.order, x)
		}
	}
	if s.probe.Tracing() {
		s.orderWhy(byColumn, byWeight, primeLast)
	}
	rank := make([]int, s.n)
	for k, x := range s.order {
		rank[x] = k
	}
	last := make([]int, s.cols) // the rank in order of the last letter of columns 0..j
	for j := range s.cols {
		for m := s.occurs[j]; m != 0; m &= m - 1 {
			last[j] = max(last[j], rank[bits.TrailingZeros32(m)])
		}
		if j > 0 {
			last[j] = max(last[j], last[j-1])
		}
	}
	s.ready = make([]int, s.n)
	j := 0
	for k := range s.n {
		for j < s.cols && last[j] <= k {
			j++
		}
		s.ready[k] = j
	}
}

// orderWhy says, when traced, the order of the letters that the order
// rules on chose.
func (s *cryptSearch[C]) orderWhy(byColumn, byWeight, primeLast bool) {
	var b strings.Builder
	for _, x := range s.order {
		b.WriteString(s.letters[x : x+1])
	}
	for k, on := range [...]bool{cryptColumnOrder: byColumn, cryptWeightOrder: byWeight, cryptPrimeLast: primeLast} {
		if on {
			s.probe.Why(k, "letters in the order "+b.String())
		}
	}
}

// closer returns the index in group of the lightest letter whose
// coefficient in column j is prime to B, or -1.
func (s *cryptSearch[C]) closer(j int, group []int) int {
	for i := len(group) - 1; i >= 0; i-- {
		if gcd(int(s.coef[j][group[i]]), s.base) == 1 {
			return i
		}
	}
	return -1
}

// moved returns the number of places at which a and b differ.
func moved(a, b []int) int {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// run sets up the root and searches.
func (s *cryptSearch[C]) run() {
	if !s.tick.Look() || s.infeasi {
		return
	}
	s.states = make([]cryptState, s.n+1)
	st := &s.states[0]
	all := uint64(1)<<s.base - 1
	st.free = all
	for x := range s.n {
		st.val[x] = -1
		st.dom[x] = all
		if s.lead>>x&1 == 1 && s.on.Has(cryptLeadingZero) {
			st.dom[x] &^= 1
			s.probe.Cut(cryptLeadingZero)
			if s.probe.Tracing() {
				s.probe.Why(cryptLeadingZero, s.letters[x:x+1]+" starts a word: not 0")
			}
		}
	}
	if s.narrow(0, st) {
		s.dfs(0, st)
	}
}

// dfs chooses a digit for letter order[k] in every way that survives the
// column checks and the bounds.
func (s *cryptSearch[C]) dfs(k int, st *cryptState) {
	x := s.order[k]
	prev := 0
	if k > 0 {
		prev = s.ready[k-1]
	}
	// When x completes column prev, the column fixes x's digit modulo B:
	// every other digit would fail the column check below.
	closes, c, rest := s.digitCut && s.ready[k] > prev, 0, 0
	if closes {
		c, rest = s.partial(prev, x, st)
	}
	// Without column-check the carries are not known, and the windows
	// start at the bottom column, whose carry in is 0.
	next := 0
	if s.on.Has(cryptColumnCheck) {
		next = s.ready[k]
	}
	for m := st.dom[x] & st.free; m != 0; m &= m - 1 {
		d := bits.TrailingZeros64(m)
		if closes && (c*d+rest)%s.base != 0 {
			s.probe.Cut(cryptColumnDigit)
			if s.probe.Tracing() {
				s.probe.Why(cryptColumnDigit, fmt.Sprintf("%s=%d: column %d would be %d mod %d", s.letters[x:x+1], d, prev+1, (c*d+rest)%s.base, s.base))
			}
			continue
		}
		if s.stop() {
			return
		}
		if s.probe.Tracing() {
			s.probe.Enter(s.label(x, d))
		}
		child := &s.states[k+1]
		*child = *st
		child.val[x] = int8(d)
		child.dom[x] = 1 << d
		child.free &^= 1 << d
		// One if-else chain rather than continues, so that the trace's
		// Leave below closes every branch.
		if s.on.Has(cryptColumnCheck) && !s.complete(prev, s.ready[k], child) {
			s.probe.Cut(cryptColumnCheck)
			if s.probe.Tracing() {
				s.probe.Why(cryptColumnCheck, s.failed(prev, s.ready[k], child))
			}
		} else if s.narrow(next, child) { // which counts its own cuts
			if k+1 < s.n {
				s.dfs(k+1, child)
			} else if !s.leafCheck || s.holds(child) {
				s.found(child)
			}
		}
		if s.probe.Tracing() {
			s.probe.Leave()
		}
	}
}

// label returns the decision that letter x takes digit d, as "S=9".
func (s *cryptSearch[C]) label(x, d int) string {
	return s.letters[x:x+1] + "=" + strconv.Itoa(d)
}

// holds checks, at a leaf, what the prunings switched off left
// unchecked: every column and the top carry, and the leading zeros.
func (s *cryptSearch[C]) holds(st *cryptState) bool {
	if !s.on.Has(cryptColumnCheck) && !s.complete(0, s.cols, st) {
		return false
	}
	for m := s.lead; m != 0 && !s.on.Has(cryptLeadingZero); m &= m - 1 {
		if st.val[bits.TrailingZeros32(m)] == 0 {
			return false
		}
	}
	return true
}

// stop counts a node and reports whether the search must end: the
// context is done, or the limit of answers is reached.
func (s *cryptSearch[C]) stop() bool {
	return s.limit > 0 && s.count >= s.limit || !s.tick.Tick()
}

// partial returns x's coefficient in column j modulo B and the rest of the
// column, carry_j + Σ c_j(Y)·d(Y) over the other letters, modulo B (all of
// them are set).
func (s *cryptSearch[C]) partial(j, x int, st *cryptState) (int, int) {
	rest := s.carry[j]
	for _, t := range s.terms[j] {
		if t.x != x {
			rest += t.c * int(st.val[t.x])
		}
	}
	return int(s.coef[j][x]), ((rest % s.base) + s.base) % s.base
}

// complete checks the columns from..to-1, whose letters are all set, and
// records the carry out of each; the top column must not carry.
func (s *cryptSearch[C]) complete(from, to int, st *cryptState) bool {
	for j := from; j < to; j++ {
		sum := s.carry[j]
		for _, t := range s.terms[j] {
			sum += t.c * int(st.val[t.x])
		}
		if sum < 0 || sum%s.base != 0 {
			return false
		}
		s.carry[j+1] = sum / s.base
	}
	return to < s.cols || s.carry[s.cols] == 0
}

// failed says which of columns from..to-1 fails complete, with the
// carries complete left, for a trace: "column 2: 13 is not a multiple of
// 10".
func (s *cryptSearch[C]) failed(from, to int, st *cryptState) string {
	for j := from; j < to; j++ {
		sum := s.carry[j]
		for _, t := range s.terms[j] {
			sum += t.c * int(st.val[t.x])
		}
		if sum < 0 || sum%s.base != 0 {
			return fmt.Sprintf("column %d: %d is not a multiple of %d", j+1, sum, s.base)
		}
	}
	return fmt.Sprintf("a carry of %d leaves the top column", s.carry[s.cols])
}

// found records an answer.
func (s *cryptSearch[C]) found(st *cryptState) {
	s.count++
	if s.count == 1 {
		s.probe.Found()
		s.first = make([]int, s.n)
		for x := range s.first {
			s.first[x] = int(st.val[x])
		}
	}
}

// narrow checks the window from column j, the first incomplete one,
// against the digits still free, and narrows the open letters' digits;
// it returns false when the branch is dead.
//
// The least and greatest values of Σ wc(X)·d(X) over the open letters
// with distinct free digits are exact (by the rearrangement inequality the
// largest positive coefficient takes the largest digit, the most negative
// the smallest, and so on); digits that a letter's own domain excludes are
// ignored, which only weakens the bound. The window holds only when some
// carry out t in 0..maxOut has B^w·t between carry_j plus those bounds and
// the letters set so far.
func (s *cryptSearch[C]) narrow(j int, st *cryptState) bool {
	if j >= s.cols || !s.on.Has(cryptWindowBound) {
		return true
	}
	w := &s.win[j]
	fixed := int64(s.carry[j])
	var open [26]cryptTerm
	n := 0
	for _, t := range w.terms {
		if v := st.val[t.x]; v >= 0 {
			fixed += int64(t.c) * int64(v)
		} else {
			open[n] = t
			n++
		}
	}
	lo, hi := s.extremes(open[:n], st.free)
	if !w.fits(fixed+lo, fixed+hi) {
		s.probe.Cut(cryptWindowBound)
		if s.probe.Tracing() {
			s.probe.Why(cryptWindowBound, fmt.Sprintf("columns %d to %d: %d..%d holds no multiple of %d up to %d of it",
				j+1, j+windowWidth(w.pow, s.base), fixed+lo, fixed+hi, w.pow, w.maxOut))
		}
		return false
	}
	if !s.on.Has(cryptNarrowEach) {
		return true
	}
	return s.narrowEach(w, open[:n], fixed, lo, hi, st)
}

// fits reports whether some multiple B^w·t with 0 ≤ t ≤ maxOut lies in
// [lo, hi].
func (w *cryptWin) fits(lo, hi int64) bool {
	tmin := max(ceilDiv(lo, w.pow), 0)
	tmax := min(floorDiv(hi, w.pow), w.maxOut)
	return tmin <= tmax
}

// windowWidth returns the columns of a window whose B^w is pow.
func windowWidth(pow int64, base int) int {
	w := 0
	for ; pow > 1; pow /= int64(base) {
		w++
	}
	return w
}

// digitsText lists the digits of a set: "3 5 8".
func digitsText(m uint64) string {
	var b strings.Builder
	for ; m != 0; m &= m - 1 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(bits.TrailingZeros64(m)))
	}
	return b.String()
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }

// extremes returns the least and greatest Σ c·d over the terms (c
// descending) with distinct digits from free.
func (s *cryptSearch[C]) extremes(terms []cryptTerm, free uint64) (lo, hi int64) {
	// Positive coefficients from the front, negative from the back.
	up, down := free, free // digits left, taken from the bottom / the top
	for _, t := range terms {
		if t.c < 0 {
			break
		}
		small, big := bits.TrailingZeros64(up), 63-bits.LeadingZeros64(down)
		up &^= 1 << small
		down &^= 1 << big
		lo += int64(t.c) * int64(small)
		hi += int64(t.c) * int64(big)
	}
	up, down = free, free
	for i := len(terms) - 1; i >= 0 && terms[i].c < 0; i-- {
		small, big := bits.TrailingZeros64(up), 63-bits.LeadingZeros64(down)
		up &^= 1 << small
		down &^= 1 << big
		lo += int64(terms[i].c) * int64(big)
		hi += int64(terms[i].c) * int64(small)
	}
	return lo, hi
}

// narrowEach keeps, for each open letter X of the window with coefficient
// a, the digits d for which a·d plus the exact extremes of the other open
// letters (over the free digits other than d) still fits.
func (s *cryptSearch[C]) narrowEach(w *cryptWin, open []cryptTerm, fixed, lo, hi int64, st *cryptState) bool {
	if len(open) < 2 {
		return true
	}
	var others [26]cryptTerm
	for i, t := range open {
		n := copy(others[:], open[:i])
		n += copy(others[n:], open[i+1:])
		a := int64(t.c)
		dom := st.dom[t.x] & st.free
		for m := dom; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			olo, ohi := s.extremes(others[:n], st.free&^(1<<d))
			if !w.fits(fixed+olo+a*int64(d), fixed+ohi+a*int64(d)) {
				dom &^= 1 << d
				s.probe.Cut(cryptNarrowEach)
			}
		}
		if s.probe.Tracing() && dom != st.dom[t.x]&st.free {
			s.probe.Why(cryptNarrowEach, fmt.Sprintf("%s loses %s: the window's extremes leave no room", s.letters[t.x:t.x+1], digitsText(st.dom[t.x]&st.free&^dom)))
		}
		if dom == 0 {
			return false
		}
		st.dom[t.x] = dom
	}
	return true
}
