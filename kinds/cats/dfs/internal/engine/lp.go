package engine

import (
	"math"
	"slices"
	"sort"

	"github.com/puzzlesat/puzzlesat/internal/poll"
)

// Limits of the LP bound.
const (
	// lpMaxRows bounds the distinct weights an LP takes: its basis
	// inverse is dense, rows² floats, and each refactorisation costs
	// rows³.
	lpMaxRows = 300
	// lpRefactor is how many pivots pass between two recomputations of
	// the basis inverse from its columns, which stops rounding drift.
	lpRefactor = 100
	// lpKnapsackNodes bounds one exact pricing knapsack; past it the LP
	// gives up (a bound needs the exact maximum).
	lpKnapsackNodes = 200_000
	// lpQuickNodes bounds the first, heuristic pricing search: it nearly
	// always finds an improving pattern, and only the last pricing of an
	// LP needs the exact maximum.
	lpQuickNodes = 2000
	// lpDPBits bounds the table of the dynamic programme that prices
	// exactly when W is small: (W+1) bits per part of a weight's count.
	lpDPBits = 1 << 25
	// lpColumns bounds the pool of patterns kept between iterations and
	// calls, priced before the knapsack: most LPs of a search are alike.
	lpColumns = 1024
	// lpTolerance is subtracted from every bound before rounding up: the
	// sums are of at most a thousand terms near 1, whose float error is
	// far below it.
	lpTolerance = 1e-6
)

// relaxation computes the LP bound of Gilmore and Gomory ("A linear
// programming approach to the cutting-stock problem", 1961) on the cars
// a set of cats needs: the least Σ λ_p over car contents p (patterns)
// with Σ_p a_ip λ_p ≥ d_i for every weight i, λ ≥ 0, solved by column
// generation (revised simplex on the patterns found so far, a knapsack
// for the best new one).
//
// The bound is rigorous whatever the floats do: for any y ≥ 0, if the
// best pattern scores κ = max_p Σ a_ip y_i, then y/κ is dual feasible,
// so the LP, and the cars, are at least Σ d_i y_i / κ (Farley, "A note on
// bounding a class of linear programming problems, including cutting
// stock problems", 1990). κ, or an upper bound on it, comes from the
// pricing knapsack, exact by branch and bound or, for small W, dynamic
// programming. The dual y proves the bound for other states too (see
// newLP), which the search keeps in a pool.
//
// Convergence: the columns -e_i (cover more than needed) and the
// exchanges e_{i+1} - e_i (a heavier cat stands in for the next lighter
// one) are the dual cuts y_i ≥ y_{i+1} ≥ 0 of Valério de Carvalho
// ("Using extra dual cuts to accelerate column generation", 2005), which
// cut the degenerate pivots of plain column generation. Should they cut
// off every optimal dual (the counts per pattern are bounded here), the
// LP only stops early and proves less: the bound is Farley's either way.
type relaxation struct {
	w       int
	all     []int     // the distinct weights of the instance, heaviest first
	most    []int     // the most cats of each of them a pattern may hold
	gidx    []int     // the index in all of each row
	vals    []int     // weight of each row: the weights of the state asked about
	lim     []int     // the most cats of each row a pattern may hold
	d       []int     // cats of each row (the demand)
	binv    []float64 // the basis inverse, row-major
	x       []float64 // the basic values
	basis   []lpCol
	y, yp   []float64 // the duals, and the duals clipped at 0
	u       []float64 // the entering column in the basis
	pivot   int       // pivots since the last refactorisation
	ks      knapsack
	row     []int    // row[j]: the row of the instance's weight j, or -1
	cols    [][]pair // the column pool: patterns found by pricing
	colNext int      // how many patterns were ever pooled
}

// lpCol is a column of the LP: a pattern (counts a per row) or, with a
// nil, the surplus of row i (i ≥ 0) or the exchange of rows -i-1 and
// -i (i < 0).
type lpCol struct {
	a []float64
	i int
}

// newLP returns the LP bound for the states of an instance with
// cnt[j] cats of the distinct weight vals[j] (heaviest first). A pattern
// may hold as many cats of a weight as the instance has and fit, so every
// dual solution it proves a bound with is dual feasible for every state.
func newLP(w int, vals, cnt []int) *relaxation {
	l := &relaxation{w: w, all: vals, most: make([]int, len(vals)), row: make([]int, len(vals))}
	for i, v := range vals {
		l.most[i] = min(cnt[i], w/v)
	}
	return l
}

// bound returns a lower bound on the cars that the cats cnt (indexed
// like the instance's distinct weights) need, proved by the LP when it
// exceeds cars, with the scaled dual solution y that proves it;
// otherwise a bound of at most cars, and nil. y is dual feasible for
// every state (newLP), so Σ c_j·y_j bounds the cars of any state c
// (the pool of binSearch). It stops after maxIter iterations, and as
// soon as the LP is known to be at most cars, or when tick sees the
// context done.
func (l *relaxation) bound(cnt []int, cars, maxIter int, tick *poll.Ticker) (int, []float64) {
	if !l.load(cnt) {
		return 0, nil
	}
	m := len(l.vals)
	for range maxIter {
		if !tick.Tick() {
			return 0, nil
		}
		if l.pivot >= lpRefactor && !l.refactor() {
			return 0, nil // rounding drifted too far
		}
		l.duals()
		obj := 0.0
		for r, c := range l.basis {
			if c.a != nil {
				obj += l.x[r]
			}
		}
		if obj <= float64(cars)+lpTolerance {
			return 0, nil // the LP is at most cars
		}
		// Pricing: the columns found before (cheap), then a short search
		// of the knapsack, then the exact one only when that finds no
		// improving pattern but cannot rule one out. ub bounds κ.
		if c, ok := l.fromPool(); ok {
			if !l.enter(c) {
				return 0, nil
			}
			continue
		}
		for i := range m {
			l.yp[i] = max(l.y[i], 0)
		}
		pat, kappa, ub := l.ks.solve(l.w, l.vals, l.lim, l.yp, lpQuickNodes)
		if kappa <= 1+1e-9 && ub > 1+1e-9 {
			pat, kappa, ub = l.ks.exact(l.w, l.vals, l.lim, l.yp)
		}
		if b, y := l.farley(ub); b > cars {
			return b, y
		}
		c, ok := l.entering(pat)
		if !ok || !l.enter(c) {
			return 0, nil // optimal (or degenerate beyond repair)
		}
		if c.a != nil {
			l.remember(pat)
		}
	}
	return 0, nil
}

// remember keeps the pattern pat (counts per row) in the column pool, by
// the instance's indices, replacing the oldest past lpColumns.
func (l *relaxation) remember(pat []int) {
	var col []pair
	for r, t := range pat {
		if t > 0 {
			col = append(col, pair{int32(l.gidx[r]), int32(t)})
		}
	}
	if len(l.cols) < lpColumns {
		l.cols = append(l.cols, col)
	} else {
		l.cols[l.colNext%lpColumns] = col
	}
	l.colNext++
}

// fromPool returns the column of most negative reduced cost among the
// surplus and exchange columns and the pool's patterns (cut down to the
// rows of the state: a car that held cats no longer there holds the
// rest), or false when none has one.
func (l *relaxation) fromPool() (lpCol, bool) {
	best, bestAt := -1e-9, -1
	for k, col := range l.cols {
		rc := 1.0
		for _, p := range col {
			if r := l.row[p.idx]; r >= 0 {
				rc -= float64(p.cnt) * l.y[r]
			}
		}
		if rc < best {
			best, bestAt = rc, k
		}
	}
	c, found := l.entering(nil)
	if bestAt < 0 || found && l.reduced(c) <= best {
		return c, found
	}
	a := make([]float64, len(l.vals))
	for _, p := range l.cols[bestAt] {
		if r := l.row[p.idx]; r >= 0 {
			a[r] = float64(p.cnt)
		}
	}
	return lpCol{a: a}, true
}

// reduced returns the reduced cost of a surplus or exchange column.
func (l *relaxation) reduced(c lpCol) float64 {
	if c.i >= 0 {
		return l.y[c.i]
	}
	i := -c.i - 1
	return l.y[i] - l.y[i+1]
}

// load sets up the rows of the weights with cats in cnt and a first
// basis: one pattern per weight, as many of its cats as fit; false when
// there are no rows or more than lpMaxRows.
func (l *relaxation) load(cnt []int) bool {
	l.vals, l.d, l.lim, l.gidx = l.vals[:0], l.d[:0], l.lim[:0], l.gidx[:0]
	for j, c := range cnt {
		l.row[j] = -1
		if c > 0 {
			l.row[j] = len(l.vals)
			l.vals = append(l.vals, l.all[j])
			l.d = append(l.d, c)
			l.lim = append(l.lim, l.most[j])
			l.gidx = append(l.gidx, j)
		}
	}
	m := len(l.vals)
	if m == 0 || m > lpMaxRows {
		return false
	}
	l.binv = grow(l.binv, m*m)
	clear(l.binv)
	l.x, l.y, l.yp, l.u = grow(l.x, m), grow(l.y, m), grow(l.yp, m), grow(l.u, m)
	l.basis = l.basis[:0]
	for i := range m {
		c := float64(l.lim[i])
		a := make([]float64, m)
		a[i] = c
		l.basis = append(l.basis, lpCol{a: a})
		l.binv[i*m+i] = 1 / c
		l.x[i] = float64(l.d[i]) / c
	}
	l.pivot = 0
	return true
}

// primal sets x = B⁻¹·d and reports whether it is feasible (x ≥ 0, up to
// rounding, which it clears).
func (l *relaxation) primal() bool {
	m := len(l.vals)
	for r := range m {
		s := 0.0
		for j, v := range l.binv[r*m : r*m+m] {
			s += v * float64(l.d[j])
		}
		if s < -1e-9 {
			return false
		}
		l.x[r] = max(s, 0)
	}
	return true
}

// grow returns s resliced to n elements, or a new slice when s is too
// short; what it held is not kept.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// duals sets y = c_B·B⁻¹ (patterns cost 1, the other columns 0).
func (l *relaxation) duals() {
	m := len(l.vals)
	clear(l.y)
	for r, c := range l.basis {
		if c.a == nil {
			continue
		}
		for j, v := range l.binv[r*m : r*m+m] {
			l.y[j] += v
		}
	}
}

// farley returns Farley's bound from the clipped duals and the best
// pattern's score kappa (or a bound on it), with the scaled duals.
func (l *relaxation) farley(kappa float64) (int, []float64) {
	if kappa <= 0 {
		return 0, nil
	}
	num := 0.0
	for i, v := range l.yp {
		num += float64(l.d[i]) * v
	}
	b := int(math.Ceil(num/kappa - lpTolerance))
	y := make([]float64, len(l.all))
	for i, j := range l.gidx {
		y[j] = l.yp[i] / kappa
	}
	return b, y
}

// entering returns the column of most negative reduced cost, pat being
// the best pattern for the clipped duals (nil: none), or false when none
// is negative (the LP is optimal).
func (l *relaxation) entering(pat []int) (lpCol, bool) {
	m := len(l.vals)
	best, c := -1e-9, lpCol{}
	found := false
	for i := range m {
		if l.y[i] < best {
			best, c, found = l.y[i], lpCol{i: i}, true
		}
		if i+1 < m && l.y[i]-l.y[i+1] < best {
			best, c, found = l.y[i]-l.y[i+1], lpCol{i: -i - 1}, true
		}
	}
	rc := 1.0
	for i, t := range pat {
		rc -= float64(t) * l.y[i]
	}
	if pat != nil && rc < best {
		a := make([]float64, m)
		for i, t := range pat {
			a[i] = float64(t)
		}
		return lpCol{a: a}, true
	}
	return c, found
}

// column writes B⁻¹·c into u.
func (l *relaxation) column(c lpCol) {
	m := len(l.vals)
	for r := range m {
		row := l.binv[r*m : r*m+m]
		switch {
		case c.a != nil:
			s := 0.0
			for j, v := range c.a {
				if v != 0 {
					s += row[j] * v
				}
			}
			l.u[r] = s
		case c.i >= 0:
			l.u[r] = -row[c.i]
		default:
			i := -c.i - 1
			l.u[r] = row[i+1] - row[i]
		}
	}
}

// enter pivots c into the basis by the ratio test; false when no basic
// value bounds it (which a covering LP never allows).
func (l *relaxation) enter(c lpCol) bool {
	m := len(l.vals)
	l.column(c)
	out := -1
	for r := range m {
		if l.u[r] > 1e-9 && (out < 0 || l.x[r]*l.u[out] < l.x[out]*l.u[r]) {
			out = r
		}
	}
	if out < 0 {
		return false
	}
	theta := l.x[out] / l.u[out]
	for r := range m {
		l.x[r] -= theta * l.u[r]
	}
	l.x[out] = theta
	prow := l.binv[out*m : out*m+m]
	piv := l.u[out]
	for j := range prow {
		prow[j] /= piv
	}
	for r := range m {
		if f := l.u[r]; r != out && f != 0 {
			row := l.binv[r*m : r*m+m]
			for j, v := range prow {
				row[j] -= f * v
			}
		}
	}
	l.basis[out] = c
	l.pivot++
	return true
}

// refactor recomputes B⁻¹ and x = B⁻¹·d from the basis columns by
// Gauss-Jordan elimination with partial pivoting; false if the basis
// turned out singular.
func (l *relaxation) refactor() bool {
	m := len(l.vals)
	a := make([]float64, m*m) // the basis, column r = l.basis[r]
	for r, c := range l.basis {
		switch {
		case c.a != nil:
			for i, v := range c.a {
				a[i*m+r] = v
			}
		case c.i >= 0:
			a[c.i*m+r] = -1
		default:
			i := -c.i - 1
			a[i*m+r], a[(i+1)*m+r] = -1, 1
		}
	}
	inv := l.binv
	clear(inv)
	for i := range m {
		inv[i*m+i] = 1
	}
	for col := range m {
		p := col
		for r := col + 1; r < m; r++ {
			if math.Abs(a[r*m+col]) > math.Abs(a[p*m+col]) {
				p = r
			}
		}
		if math.Abs(a[p*m+col]) < 1e-12 {
			return false
		}
		for j := range m {
			a[p*m+j], a[col*m+j] = a[col*m+j], a[p*m+j]
			inv[p*m+j], inv[col*m+j] = inv[col*m+j], inv[p*m+j]
		}
		f := a[col*m+col]
		for j := range m {
			a[col*m+j] /= f
			inv[col*m+j] /= f
		}
		for r := range m {
			if g := a[r*m+col]; r != col && g != 0 {
				for j := range m {
					a[r*m+j] -= g * a[col*m+j]
					inv[r*m+j] -= g * inv[col*m+j]
				}
			}
		}
	}
	l.pivot = 0
	return l.primal()
}

// knapsack finds the best pattern for given duals: max Σ y_i·a_i with
// Σ w_i·a_i ≤ W and 0 ≤ a_i ≤ lim_i, by depth-first branch and bound
// over the weights in order of y/w, bounded by the fractional relaxation
// (Dantzig's bound, found by binary search over prefix sums).
type knapsack struct {
	ord       []int     // the rows with y > 0, best ratio first
	pw, py    []float64 // prefix sums over ord of lim·w and lim·y
	cur, best []int
	bestV     float64
	open      float64 // the largest bound of a subtree the node limit cut
	w, lim    []int
	y         []float64
	nodes     int
	limit     int
	parts     [][2]int  // the dynamic programme's parts: weight index, cats
	val       []float64 // its best score per room
	bits      []uint64  // its choices, one bit per part and room
}

// solve searches at most limit nodes and returns the best pattern found,
// its score, and an upper bound on the best score: the score itself when
// the search finished, else the largest bound of a subtree it cut.
func (k *knapsack) solve(capacity int, w, lim []int, y []float64, limit int) ([]int, float64, float64) {
	m := len(w)
	k.w, k.lim, k.y, k.limit = w, lim, y, limit
	k.ord = k.ord[:0]
	for i := range m {
		if y[i] > 0 {
			k.ord = append(k.ord, i)
		}
	}
	slices.SortFunc(k.ord, func(a, b int) int {
		ra, rb := y[a]*float64(w[b]), y[b]*float64(w[a])
		switch {
		case ra > rb:
			return -1
		case ra < rb:
			return 1
		}
		return a - b
	})
	k.pw, k.py = grow(k.pw, len(k.ord)+1), grow(k.py, len(k.ord)+1)
	for q, i := range k.ord {
		k.pw[q+1] = k.pw[q] + float64(lim[i]*w[i])
		k.py[q+1] = k.py[q] + float64(lim[i])*y[i]
	}
	k.cur, k.best = grow(k.cur, m), grow(k.best, m)
	clear(k.cur)
	clear(k.best)
	k.bestV, k.open, k.nodes = 0, 0, 0
	k.rec(0, capacity, 0)
	return k.best, k.bestV, max(k.bestV, k.open)
}

// exact returns the best pattern, its score and a bound on the best
// score, which equals the score when it is exact: by dynamic programming
// over the capacity when W is small enough, else by branch and bound of
// at most lpKnapsackNodes nodes.
func (k *knapsack) exact(capacity int, w, lim []int, y []float64) ([]int, float64, float64) {
	if pat, v, ok := k.dp(capacity, w, lim, y); ok {
		return pat, v, v
	}
	return k.solve(capacity, w, lim, y, lpKnapsackNodes)
}

// rec decides the count of the p-th weight in ord, room being left.
func (k *knapsack) rec(p, room int, val float64) {
	k.nodes++
	if val > k.bestV {
		k.bestV = val
		copy(k.best, k.cur)
	}
	if p == len(k.ord) {
		return
	}
	ub := k.dantzig(p, room, val)
	if ub <= k.bestV {
		return
	}
	if k.nodes > k.limit {
		k.open = max(k.open, ub)
		return
	}
	i := k.ord[p]
	for t := min(k.lim[i], room/k.w[i]); t >= 0; t-- {
		k.cur[i] = t
		k.rec(p+1, room-t*k.w[i], val+float64(t)*k.y[i])
	}
	k.cur[i] = 0
}

// dantzig returns Dantzig's bound on the best score from the p-th weight
// of ord on, room being left and val scored: all the cats of the weights
// in ratio order while they fit, then a fraction of the next weight.
func (k *knapsack) dantzig(p, room int, val float64) float64 {
	// q: the weights p..q-1 fit whole.
	base := k.pw[p]
	q := p + sort.Search(len(k.ord)-p, func(t int) bool { return k.pw[p+t+1]-base > float64(room) })
	ub := val + k.py[q] - k.py[p]
	if q < len(k.ord) {
		i := k.ord[q]
		ub += (float64(room) - (k.pw[q] - base)) * k.y[i] / float64(k.w[i])
	}
	return ub
}

// dp solves the knapsack over the room 0..capacity, each weight's count
// split in parts of 1, 2, 4, ... cats (binary splitting makes a bounded
// knapsack 0-1), with one bit per part and room to recover the choice.
// It declines (false) when the table would pass lpDPBits.
func (k *knapsack) dp(capacity int, w, lim []int, y []float64) ([]int, float64, bool) {
	k.parts = k.parts[:0]
	for i := range w {
		if y[i] <= 0 {
			continue
		}
		for c, left := 1, lim[i]; left > 0; c *= 2 {
			c = min(c, left)
			k.parts = append(k.parts, [2]int{i, c})
			left -= c
		}
	}
	words := (capacity + 64) / 64
	if capacity >= lpDPBits || len(k.parts)*words*64 > lpDPBits {
		return nil, 0, false
	}
	k.val = grow(k.val, capacity+1)
	clear(k.val)
	k.bits = grow(k.bits, len(k.parts)*words)
	clear(k.bits)
	for p, part := range k.parts {
		pw, pv := w[part[0]]*part[1], y[part[0]]*float64(part[1])
		bits := k.bits[p*words : (p+1)*words]
		for r := capacity; r >= pw; r-- {
			if v := k.val[r-pw] + pv; v > k.val[r] {
				k.val[r] = v
				bits[r/64] |= 1 << (r % 64)
			}
		}
	}
	k.best = grow(k.best, len(w))
	clear(k.best)
	r := capacity
	for p := len(k.parts) - 1; p >= 0; p-- {
		if k.bits[p*words+r/64]>>(r%64)&1 == 1 {
			part := k.parts[p]
			k.best[part[0]] += part[1]
			r -= w[part[0]] * part[1]
		}
	}
	return k.best, k.val[capacity], true
}
