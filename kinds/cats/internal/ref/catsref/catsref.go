// Package catsref is the tests' reference for cats and cable cars
// ([cats.Instance]): the classic dynamic programme over subsets of cats,
// independent of the searches in native and sat that it checks. It also
// draws random instances for the tests.
package catsref

import (
	"fmt"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/cats"
)

// MaxCats is the most cats Cars takes: 2^MaxCats states.
const MaxCats = 20

// Cars returns the fewest cars of capacity p.W that carry every cat, or -1
// when some cat is heavier than W. It panics past MaxCats cats.
//
// For every set S of cats, best[S] is the least (cars, load of the last
// car) over the orders in which S can be loaded car after car, each cat
// going in the last car when it fits and in a new car otherwise; every
// packing can be loaded that way one car after another, so best[all] is
// the optimum.
func Cars(p cats.Instance) int {
	n := len(p.Weights)
	if n > MaxCats {
		panic(fmt.Sprintf("catsref: %d cats, at most %d", n, MaxCats))
	}
	for _, v := range p.Weights {
		if v > p.W {
			return -1
		}
	}
	type state struct{ cars, last int }
	less := func(a, b state) bool { return a.cars < b.cars || a.cars == b.cars && a.last < b.last }
	best := make([]state, 1<<n)
	for s := range best {
		best[s] = state{n + 1, 0}
	}
	best[0] = state{0, p.W} // the first cat always opens a car
	for s := range best {
		cur := best[s]
		for i, v := range p.Weights {
			if s>>i&1 == 1 {
				continue
			}
			next := state{cur.cars, cur.last + v}
			if next.last > p.W {
				next = state{cur.cars + 1, v}
			}
			if t := s | 1<<i; less(next, best[t]) {
				best[t] = next
			}
		}
	}
	return best[len(best)-1].cars
}

// Kinds of random instances that Random draws.
const (
	Uniform   = iota // weights uniform in 1..w
	TenthHalf        // weights in w/10..w/2: 3 to 9 cats per car, hard to pair
	Few              // three distinct weights, many equal cats
	// Triplets are Falkenauer's hard class ("A hybrid grouping genetic
	// algorithm for bin packing", 1996), scaled to w: the cats come in
	// threes that fill a car exactly, the first of each in
	// 0.38w..0.49w, the second in w/4..w-first-w/4, the third the rest,
	// shuffled; n a multiple of 3 gives an optimum of n/3 full cars
	// (the last incomplete triple is dropped).
	Triplets
)

// Random returns n cats with weights drawn for a capacity w (at least 4
// for Triplets) of the given kind.
func Random(rng *rand.Rand, n, w, kind int) cats.Instance {
	if kind == Triplets {
		return triplets(rng, n, w)
	}
	p := cats.Instance{W: w, Weights: make([]int, n)}
	few := []int{1 + rng.IntN(w), 1 + rng.IntN(w), 1 + rng.IntN(w)}
	for i := range p.Weights {
		switch kind {
		case TenthHalf:
			p.Weights[i] = max(1, w/10) + rng.IntN(max(1, w/2-w/10))
		case Few:
			p.Weights[i] = few[rng.IntN(len(few))]
		default:
			p.Weights[i] = 1 + rng.IntN(w)
		}
	}
	return p
}

// triplets draws n/3 triples of Falkenauer's recipe and shuffles them.
func triplets(rng *rand.Rand, n, w int) cats.Instance {
	p := cats.Instance{W: w, Weights: make([]int, 0, n)}
	for range n / 3 {
		lo, hi := w*38/100, w*49/100
		a := lo + rng.IntN(max(1, hi-lo+1))
		b := w/4 + rng.IntN(max(1, w-a-w/4-w/4+1))
		p.Weights = append(p.Weights, a, b, w-a-b)
	}
	rng.Shuffle(len(p.Weights), func(i, j int) { p.Weights[i], p.Weights[j] = p.Weights[j], p.Weights[i] })
	return p
}

// BenchClasses are the classes of the cats benchmarks of native and sat:
// kinds of Random with W = 10^9, and Falkenauer's triplets at his
// W = 1000, where equal sums abound (at 10^9 each car has one way to be
// full and they are easy).
var BenchClasses = []struct {
	Name    string
	Kind, W int
}{
	{"uniform", Uniform, 1e9},
	{"tenth-half", TenthHalf, 1e9},
	{"few", Few, 1e9},
	{"triplets", Triplets, 1000},
}

// Bench returns the benchmarks' 10 random instances of n cats (the
// triplets: the largest multiple of 3 up to n) of BenchClasses[class],
// the same for every caller.
func Bench(n, class int) []cats.Instance {
	c := BenchClasses[class]
	rng := rand.New(rand.NewPCG(uint64(n), uint64(c.Kind)))
	ps := make([]cats.Instance, 10)
	for i := range ps {
		ps[i] = Random(rng, n, c.W, c.Kind)
	}
	return ps
}

// Cases are the hand-made instances both backends' tests solve, with the
// fewest cars of each (-1: a cat is too heavy).
var Cases = []struct {
	Name string
	P    cats.Instance
	Want int
}{
	{"statement sample", cats.Instance{W: 1996, Weights: []int{1, 2, 1994, 12, 29}}, 2},
	{"one cat", cats.Instance{W: 5, Weights: []int{5}}, 1},
	{"too heavy", cats.Instance{W: 5, Weights: []int{1, 6, 2}}, -1},
	{"all fit one car", cats.Instance{W: 100, Weights: []int{10, 20, 30, 40}}, 1},
	{"heavy cats apart", cats.Instance{W: 10, Weights: []int{6, 6, 6, 4, 4, 4}}, 3},
	// The sum, 24, needs 3 cars of 10.
	{"sum bound", cats.Instance{W: 10, Weights: []int{7, 5, 4, 3, 3, 2}}, 3},
	// First-fit decreasing: 4 4 / 3 3 3 / 3; but 4 3 3 / 4 3 3.
	{"first fit is not optimal", cats.Instance{W: 10, Weights: []int{4, 4, 3, 3, 3, 3}}, 2},
	{"extreme weights", cats.Instance{W: 1e9, Weights: []int{1e9, 1e9, 5e8, 5e8, 1, 1}}, 4},
	// 13 8 8 / 11 11 7: the first 8 fills 11 11 exactly, and the second
	// must still be free to join 13 (the item search once said 3).
	{"exact fit and equal cats", cats.Instance{W: 30, Weights: []int{11, 7, 11, 13, 8, 8}}, 2},
	// Three cats over W/3 never share a car: the LP bound sees it.
	{"thirds", cats.Instance{W: 30, Weights: []int{11, 11, 11, 11, 12, 12, 13}}, 4},
}
