// Package technique names the techniques of puzzlesat's searches and
// encodings, so that each can be switched or chosen by name: the
// prunings of each depth-first search, with the category of the chapter
// on pruning each belongs to, and the choice points of each SAT encoding,
// with their options.
//
// A search declares its prunings as a table, a list of Pruning values
// indexed by its constants, and reads a Set, the switches a user made away
// from the defaults (the zero Set is every default), through Set.Bits:
// bit i on is the pruning of index i applied. An encoder declares its Choice points and reads Picks,
// likewise. ResolvePrunings and ResolveEncoding parse what a user wrote,
// "-memo,+lookahead" and "amo=pairwise,sum=adder", against the lists.
//
// A kind whose example the chapter works through has a second search, the
// chapter's own program with its numbered cuts. Searches holds both lists,
// and its Resolve reads a list of switches that may start with a preset:
// All, None, or Chapter, which selects the chapter's search ("chapter,-3.3").
package technique

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/internal/suggest"
)

// Category is the kind of pruning, after the chapter on pruning that the
// puzzles come from (Li Yudong, 算法竞赛进阶指南, 0x23 "剪枝"), which
// sorts cuts into five: search order, equivalent branches, feasibility
// and bounds, optimality, and memoisation. Propagation, learning and
// bound are ours, for what the searches do beyond the chapter.
type Category string

// The categories.
const (
	Order       Category = "order"       // the order in which choices are tried
	Redundancy  Category = "redundancy"  // branches equivalent to one already tried are skipped
	Feasibility Category = "feasibility" // a branch that cannot reach any answer is cut
	Optimality  Category = "optimality"  // a branch that cannot beat the best so far is cut
	Memo        Category = "memo"        // a state already refuted is not searched again
	Propagation Category = "propagation" // what a choice forces is settled before the next choice
	Learning    Category = "learning"    // why a branch failed is kept and used elsewhere
	Bound       Category = "bound"       // a bound on the answer narrows the question asked
)

// Categories returns every category, the chapter's five first, in its
// order.
func Categories() []Category {
	return []Category{Order, Redundancy, Feasibility, Optimality, Memo, Propagation, Learning, Bound}
}

// Legend returns what the category means, in one line, and for the
// chapter's five, which of its categories it is.
func (c Category) Legend() string {
	switch c {
	case Order:
		return "the chapter's search order: the order in which choices are tried"
	case Redundancy:
		return "the chapter's equivalent branches: a branch equivalent to one already tried is skipped"
	case Feasibility:
		return "the chapter's feasibility and bounds: a branch that cannot reach any answer is cut"
	case Optimality:
		return "the chapter's optimality: a branch that cannot beat the best answer so far is cut"
	case Memo:
		return "the chapter's memoisation: a state already refuted is not searched again"
	case Propagation:
		return "beyond the chapter: what a choice forces is settled before the next choice"
	case Learning:
		return "beyond the chapter: why a branch failed is kept and cuts elsewhere"
	case Bound:
		return "beyond the chapter: a bound on the answer narrows the question asked"
	}
	return string(c)
}

// Pruning is one pruning of a search.
type Pruning struct {
	Name     string   // kebab-case, such as "equal-skip"
	Category Category //
	Doc      string   // what it does, in one line
	// Chapter is where the chapter on pruning names the pruning: the
	// number of the cut in its worked example, such as "3.2" for the
	// sticks example's equal-length skip, or "named" for one it
	// describes without a number; "" for one beyond the chapter.
	Chapter string
	// Counts says what one count of the pruning's cut counter is, in a
	// few words: "branches cut", "cells filled", "states refused".
	Counts   string
	Optional bool // off unless switched on
	// Needs lists the prunings this one relies on: switching one of them
	// off switches this one off too.
	Needs []string
}

// Set holds the prunings switched away from their defaults. The zero Set
// keeps every default. A search reads it through Bits, once per run.
type Set struct {
	// The names switched, sorted. A user switches a few, so a scan
	// is cheaper than a map's hashing.
	off, on []string
	// bits has bit i set for the i-th pruning of the list the set was
	// resolved against, when it is on; resolved says that it was.
	bits     Bits
	resolved bool
	chapter  bool // the set is of the chapter's search (see Searches)
}

// Bits holds which prunings of a search are on, bit i for the pruning at
// index i of its table, the list of Pruning values its constants index.
// A bit set is a pruning applied; a search reads nothing else.
type Bits uint64

// Has reports whether the pruning at index i is on.
func (b Bits) Has(i int) bool { return b>>uint(i)&1 != 0 }

// Bits returns which prunings of the search's table are on in s. A Set
// made by Resolve or ResolvePrunings from that table is read as it is,
// without calling table: searches call Bits at the start of every run,
// and some runs take microseconds. The zero Set calls table for its
// defaults.
func (s Set) Bits(table func() []Pruning) Bits {
	if s.resolved {
		return s.bits
	}
	return s.bitsOf(table())
}

// bitsOf returns which of ps are on in s, bit i for ps[i].
func (s Set) bitsOf(ps []Pruning) Bits {
	var b Bits
	for i, p := range ps {
		if i < 64 && s.active(p) {
			b |= 1 << uint(i)
		}
	}
	return b
}

// String returns the switches as Searches.Resolve reads them, sorted:
// "-memo,+lookahead"; "" for the defaults; "chapter,-first-piece" for
// the chapter's search.
func (s Set) String() string {
	var parts []string
	for _, n := range s.off {
		parts = append(parts, "-"+n)
	}
	for _, n := range s.on {
		parts = append(parts, "+"+n)
	}
	slices.Sort(parts)
	if s.chapter {
		parts = slices.Insert(parts, 0, Chapter)
	}
	return strings.Join(parts, ",")
}

// ResolvePrunings returns the Set that spec makes of the prunings ps, a
// kind's own search: Searches.Resolve for a kind without the chapter's
// search.
func ResolvePrunings(ps []Pruning, spec string) (Set, []string, error) {
	return Searches{Own: ps}.Resolve(spec)
}

// resolve returns the Set that items make of the prunings ps, starting
// from preset's (the defaults for ""), as Searches.Resolve describes.
func resolve(ps []Pruning, preset string, items []string) (Set, []string, error) {
	active := make([]bool, len(ps))
	for i, p := range ps {
		active[i] = preset == All || (preset != None && !p.Optional)
	}
	signs := map[string]byte{}
	asked := make([]bool, len(ps)) // switched on by a "+" item
	for _, item := range items {
		sign, name := item[0], item[1:]
		i := pruningIndex(ps, name)
		switch {
		case isPreset(item):
			return Set{}, nil, fmt.Errorf("preset %s must come first", quote(item))
		case (sign != '-' && sign != '+') || name == "":
			return Set{}, nil, fmt.Errorf("pruning %s: want -NAME or +NAME, NAME one of %s", quote(item), pruningNames(ps))
		case i < 0:
			return Set{}, nil, unknown("pruning", name, pruningList(ps), pruningNames(ps))
		}
		name = ps[i].Name // a cut named by its number
		if signs[name] != 0 && signs[name] != sign {
			return Set{}, nil, fmt.Errorf("pruning %s is switched both off (-%s) and on (+%s)", name, name, name)
		}
		signs[name] = sign
		active[i], asked[i] = sign == '+', sign == '+'
	}
	notes := closeOff(ps, active, asked)
	for i, p := range ps {
		if !asked[i] {
			continue
		}
		for _, n := range p.Needs {
			if j := pruningIndex(ps, n); j >= 0 && !active[j] {
				return Set{}, nil, fmt.Errorf("pruning %s needs %s, which is off", p.Name, n)
			}
		}
	}
	var s Set
	for i, p := range ps {
		switch {
		case p.Optional && active[i]:
			s.on = add(s.on, p.Name)
		case !p.Optional && !active[i]:
			s.off = add(s.off, p.Name)
		}
	}
	if len(ps) <= 64 {
		s.bits, s.resolved = s.bitsOf(ps), true
	}
	return s, notes, nil
}

// closeOff switches off every pruning of ps that is active but not asked
// for by name and needs one that is not active, until none is left, and
// returns a note for each.
func closeOff(ps []Pruning, active, asked []bool) []string {
	var notes []string
	for changed := true; changed; {
		changed = false
		for i, p := range ps {
			if !active[i] || asked[i] {
				continue
			}
			for _, n := range p.Needs {
				if j := pruningIndex(ps, n); j >= 0 && !active[j] {
					active[i] = false
					notes = append(notes, fmt.Sprintf("switching off %s also switches off %s, which needs it", n, p.Name))
					changed = true
					break
				}
			}
		}
	}
	return notes
}

// pruningIndex returns the index in ps of the pruning called name, or
// numbered name in the chapter ("3.3"), or -1. A kind has a dozen at
// most, and every instance of a batch resolves its switches, so a scan
// beats building a map.
func pruningIndex(ps []Pruning, name string) int {
	if i := slices.IndexFunc(ps, func(p Pruning) bool { return p.Name == name }); i >= 0 || !numbered(name) {
		return i
	}
	found := -1
	for i, p := range ps {
		if p.Chapter == name {
			if found >= 0 {
				return -1 // two cuts of one number: neither is meant
			}
			found = i
		}
	}
	return found
}

// numbered reports whether chapter is the number of a cut in the
// chapter, such as "3.2", rather than "named" or "".
func numbered(chapter string) bool { return chapter != "" && chapter[0] >= '0' && chapter[0] <= '9' }

// active reports whether p is on in s: a default one not switched off,
// or an optional one switched on.
func (s Set) active(p Pruning) bool {
	if p.Optional {
		return slices.Contains(s.on, p.Name)
	}
	return !slices.Contains(s.off, p.Name)
}

// pruningNames lists the names of ps for a message, and the numbers that
// name the chapter's search's cuts as well.
func pruningNames(ps []Pruning) string {
	names, numbers := namesAndNumbers(ps)
	text := strings.Join(names, ", ")
	if len(numbers) > 0 {
		text += " (or its number in the chapter: " + strings.Join(numbers, ", ") + ")"
	}
	return text
}

// pruningList returns the names of ps, which a misspelt name may be near;
// a number is not suggested, being as near to every other number.
func pruningList(ps []Pruning) []string {
	names, _ := namesAndNumbers(ps)
	return names
}

// namesAndNumbers returns the names of ps, and the numbers that name the
// chapter's search's cuts.
func namesAndNumbers(ps []Pruning) (names, numbers []string) {
	names = make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
		if numbered(p.Chapter) && pruningIndex(ps, p.Chapter) == i {
			numbers = append(numbers, p.Chapter)
		}
	}
	return names, numbers
}

// unknown returns the error for name, which is not one of names: a
// suggestion of the nearest, when one is near, else the list of what is
// valid (list, or names when list is "").
func unknown(what, name string, names []string, list string) error {
	if hint := suggest.DidYouMean(name, names, strconv.Quote); hint != "" {
		return fmt.Errorf("unknown %s %s: %s", what, quote(name), hint)
	}
	if list == "" {
		list = strings.Join(names, ", ")
	}
	if list == "" {
		list = "(none)"
	}
	return fmt.Errorf("unknown %s %s: want one of %s", what, quote(name), list)
}

// Choice is one choice point of an encoding and its options, the first
// being the default.
type Choice struct {
	Point   string   // kebab-case, such as "amo"
	Options []string // the first is the default
	Doc     string   // what the point chooses, in one line
	// Search is set when the point chooses how an instance is solved, not
	// the formula a query exports: its pick is left out of FormulaString.
	Search bool
}

// Picks holds the options picked away from the defaults, by point. The
// zero Picks keeps every default.
type Picks struct {
	m map[string]string
}

// Get returns the option picked at point: the default when none was.
// Encoders ask only for points they declare; an undeclared point gives "".
func (p Picks) Get(cs []Choice, point string) string {
	if o, ok := p.m[point]; ok {
		return o
	}
	for _, c := range cs {
		if c.Point == point {
			return c.Options[0]
		}
	}
	return ""
}

// String returns the picks as ResolveEncoding reads them, sorted by
// point: "amo=pairwise,sum=adder"; "" for the defaults.
func (p Picks) String() string {
	var parts []string
	for k, v := range p.m {
		parts = append(parts, k+"="+v)
	}
	slices.Sort(parts)
	return strings.Join(parts, ",")
}

// FormulaString is String without the points of cs that are Search
// ones: the picks that make the formula, which name it.
func (p Picks) FormulaString(cs []Choice) string {
	var parts []string
	for k, v := range p.m {
		if i := slices.IndexFunc(cs, func(c Choice) bool { return c.Point == k }); i < 0 || !cs[i].Search {
			parts = append(parts, k+"="+v)
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, ",")
}

// ResolveEncoding returns the Picks that spec makes of the choice points
// cs: spec is a comma-separated list of "point=option", or of a bare
// option that belongs to one point only; "" keeps the defaults. A pick
// of a point's default is kept as no pick. An unknown point or option is
// an error that lists the valid ones.
func ResolveEncoding(cs []Choice, spec string) (Picks, error) {
	var p Picks
	picked := map[string]string{}
	for _, item := range split(spec) {
		point, option, ok := strings.Cut(item, "=")
		if !ok {
			var err error
			if point, err = pointOf(cs, item); err != nil {
				return Picks{}, err
			}
			option = item
		}
		i := slices.IndexFunc(cs, func(c Choice) bool { return c.Point == point })
		if i < 0 {
			return Picks{}, unknown("encoding choice", point, choiceList(cs), "")
		}
		j := slices.Index(cs[i].Options, option)
		if j < 0 {
			if hint := suggest.DidYouMean(option, cs[i].Options, func(o string) string { return strconv.Quote(point + "=" + o) }); hint != "" {
				return Picks{}, fmt.Errorf("encoding %s: %s", quote(point+"="+option), hint)
			}
			return Picks{}, fmt.Errorf("encoding %s: want %s one of %s", quote(point+"="+option), point, strings.Join(cs[i].Options, ", "))
		}
		if was, ok := picked[point]; ok && was != option {
			return Picks{}, fmt.Errorf("encoding %s is given two options, %s=%s and %s=%s", point, point, was, point, option)
		}
		picked[point] = option
		if j == 0 {
			delete(p.m, point)
			continue
		}
		if p.m == nil {
			p.m = map[string]string{}
		}
		p.m[point] = option
	}
	return p, nil
}

// pointOf returns the one point of cs that has option.
func pointOf(cs []Choice, option string) (string, error) {
	var points []string
	for _, c := range cs {
		if slices.Contains(c.Options, option) {
			points = append(points, c.Point)
		}
	}
	if len(points) == 0 {
		var all []string
		for _, c := range cs {
			all = append(all, c.Options...)
		}
		if hint := suggest.DidYouMean(option, all, strconv.Quote); hint != "" {
			return "", fmt.Errorf("encoding %s: %s", quote(option), hint)
		}
	}
	if len(points) != 1 {
		return "", fmt.Errorf("encoding %s: want POINT=OPTION, or an OPTION that belongs to one point only; POINT one of %s", quote(option), choiceNames(cs))
	}
	return points[0], nil
}

func choiceNames(cs []Choice) string {
	if len(cs) == 0 {
		return "(none)"
	}
	return strings.Join(choiceList(cs), ", ")
}

func choiceList(cs []Choice) []string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Point
	}
	return names
}

// split returns the non-empty comma-separated items of spec, trimmed.
func split(spec string) []string {
	var items []string
	for _, s := range strings.Split(spec, ",") {
		if s = strings.TrimSpace(s); s != "" {
			items = append(items, s)
		}
	}
	return items
}

// add adds name to the sorted set names, unless it is there.
// quoteMax is the most characters of a user's text that a message
// quotes.
const quoteMax = 40

// quote quotes s for a message, cut after quoteMax characters.
func quote(s string) string {
	if r := []rune(s); len(r) > quoteMax {
		return strconv.Quote(string(r[:quoteMax])) + "..."
	}
	return strconv.Quote(s)
}

func add(names []string, name string) []string {
	i, ok := slices.BinarySearch(names, name)
	if ok {
		return names
	}
	return slices.Insert(names, i, name)
}
