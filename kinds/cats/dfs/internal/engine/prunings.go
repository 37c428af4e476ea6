package engine

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/technique"
)

// The prunings of Solve, indexed as in Prunings and in its cut counts.
const (
	prBinCompletion = iota
	prHeaviestFirst
	prFullestFirst
	prSumBound
	prL2Bound
	prFirstFit
	prWaste
	prLPBound
	prNogoods
	prMaximal
	prDominance
	prDecreasing
	prNewCar
	prEqualCats
	prEqualLoad
	prExactFit
	prCrowding
	prCount // the number of prunings
)

// Prunings returns the prunings of Solve, every one on by default. Those
// of bin completion need it; those of the item search (the search that
// -bin-completion selects) do nothing with bin completion on. The
// chapter's example, 小猫爬山, is the item search with two cuts: it
// sorts the cats heaviest first (decreasing), and cuts a branch that
// already holds as many cars as the best packing (new-car).
//
// Three things the searches do are not switches, as they make the
// searches correct rather than fast: a packing holds every cat and no
// car holds more than W (bin completion's depth k is its k cars); bin
// completion's states are the cats left of each weight, so that the cars
// it fills are multisets of weights and each comes up once (the item
// search, which tells equal cats apart, is its alternative); and a
// cheap pass with a node limit, which only decides when the LP bound is
// first asked for.
func Prunings() []technique.Pruning {
	return []technique.Pruning{
		prBinCompletion: {Name: "bin-completion", Category: technique.Order, Counts: "questions asked",
			Doc: "fill one car at a time, the heaviest cat left's, in every undominated way (off: the seed's item search, one cat at a time)"},
		prHeaviestFirst: {Name: "heaviest-first", Category: technique.Order, Counts: "cars anchored",
			Needs: []string{"bin-completion"},
			Doc:   "bin completion fills the car of the heaviest cat left, which has the fewest completions (off: the lightest's)"},
		prFullestFirst: {Name: "fullest-first", Category: technique.Order, Counts: "completion lists sorted",
			Needs: []string{"bin-completion"},
			Doc:   "a car's completions are tried fullest first, which finds packings soonest (off: as generated)"},
		prSumBound: {Name: "sum-bound", Category: technique.Bound, Counts: "questions not asked, choices untried",
			Doc: "the search starts from ceil(sum/W) cars, and stops when a packing meets it (off: from 1 car, and the item search proves its last packing optimal)"},
		prL2Bound: {Name: "l2-bound", Category: technique.Bound, Counts: "questions not asked, choices untried",
			Needs: []string{"sum-bound"},
			Doc:   "the search starts from Martello and Toth's lower bound L2, and stops when a packing meets it (off: from ceil(sum/W))"},
		prFirstFit: {Name: "first-fit", Category: technique.Bound, Counts: "questions not asked",
			Doc: "first-fit decreasing gives the first packing, an upper bound on the cars (off: a car per cat)"},
		prWaste: {Name: "waste", Category: technique.Feasibility, Counts: "generator branches and nodes cut",
			Doc: "room that no cat left can use is wasted, and no packing wastes more than k·W - sum (both searches)"},
		prLPBound: {Name: "lp-bound", Category: technique.Feasibility, Counts: "nodes cut, questions not asked",
			Needs: []string{"bin-completion"},
			Doc:   "cut a node whose cats need more cars than are left by the LP bound of Gilmore and Gomory (proved by Farley's bound)"},
		prNogoods: {Name: "nogoods", Category: technique.Learning, Counts: "completions refused",
			Needs: []string{"fullest-first"},
			Doc:   "once a completion failed, no car below a later sibling holds all of its cats but the anchor (Korf 2003)"},
		prMaximal: {Name: "maximal", Category: technique.Redundancy, Counts: "generator branches cut",
			Needs: []string{"bin-completion"},
			Doc:   "a car is filled only so full that no cat left fits in the room it leaves (off: every set of cats that fits)"},
		prDominance: {Name: "dominance", Category: technique.Redundancy, Counts: "completions skipped",
			Needs: []string{"bin-completion"},
			Doc:   "skip a completion some of whose cats a cat left out could replace (Martello and Toth's dominance)"},
		prDecreasing: {Name: "decreasing", Category: technique.Order, Chapter: "named", Counts: "branchings ordered",
			Doc: "item search: the cats are placed heaviest first, which have the fewest cars to go to (off: lightest first)"},
		prNewCar: {Name: "new-car", Category: technique.Optimality, Chapter: "named", Counts: "cars not opened",
			Doc: "item search: a cat opens a new car only while fewer than best-1 are open"},
		prEqualCats: {Name: "equal-cats", Category: technique.Redundancy, Counts: "cars not tried",
			Doc: "item search: a cat as heavy as the one before goes in the same car or a later one"},
		prEqualLoad: {Name: "equal-load", Category: technique.Redundancy, Counts: "cars not tried",
			Doc: "item search: of the open cars with the same load only the first is tried"},
		prExactFit: {Name: "exact-fit", Category: technique.Redundancy, Counts: "cars not tried",
			Doc: "item search: a cat that fills an open car exactly goes there and nowhere else"},
		prCrowding: {Name: "crowding", Category: technique.Feasibility, Counts: "nodes cut",
			Doc: "item search: the heaviest cats left must find room in the open cars and the new cars still allowed"},
	}
}

// plural returns "1 car" or "3 cars".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
