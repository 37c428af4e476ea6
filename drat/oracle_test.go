package drat_test

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
)

// This file holds the tests' oracles, independent of the checker: brute
// force satisfiability, a DPLL that writes a proof of what it refutes,
// and a strict LRAT checker.

// satisfiable reports by brute force whether clauses over nv variables
// (at most about 20) have a model.
func satisfiable(nv int, clauses [][]int) bool {
	for m := 0; m < 1<<nv; m++ {
		ok := true
		for _, c := range clauses {
			sat := false
			for _, d := range c {
				if (m>>(abs(d)-1)&1 == 1) == (d > 0) {
					sat = true
					break
				}
			}
			if !sat {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// dpllProof refutes clauses over nv variables by DPLL with naive unit
// propagation and returns a proof: at each failed node the negation of
// its decisions, which is RUP once its children's lemmas are there, and
// then the deletion of the children's lemmas. ok is false when the
// clauses are satisfiable.
func dpllProof(nv int, clauses [][]int) (proof []step, ok bool) {
	return dpllOrder(nv, clauses, nil)
}

// dpllOrder is dpllProof branching on the variables of first before the others.
func dpllOrder(nv int, clauses [][]int, first []int) (proof []step, ok bool) {
	var rec func(decisions []int) bool // reports a refutation under decisions
	rec = func(decisions []int) bool {
		val, conflict := propagateNaive(nv, clauses, decisions)
		lemma := make([]int, len(decisions))
		for i, d := range decisions {
			lemma[i] = -d
		}
		if conflict {
			proof = append(proof, step{lits: lemma})
			return true
		}
		x := 0
		for _, v := range first {
			if val[v] == 0 {
				x = v
				break
			}
		}
		for v := 1; v <= nv && x == 0; v++ {
			if val[v] == 0 {
				x = v
			}
		}
		if x == 0 {
			return false // a model
		}
		for _, d := range []int{x, -x} {
			if !rec(append(decisions[:len(decisions):len(decisions)], d)) {
				return false
			}
		}
		proof = append(proof, step{lits: lemma})
		for _, d := range []int{x, -x} {
			proof = append(proof, step{del: true, lits: append(lemma[:len(lemma):len(lemma)], -d)})
		}
		return true
	}
	return proof, rec(nil)
}

// propagateNaive assigns decisions and propagates units over clauses to
// a fixpoint; val[v] is 1, -1 or 0.
func propagateNaive(nv int, clauses [][]int, decisions []int) ([]int, bool) {
	val := make([]int, nv+1)
	value := func(d int) int {
		if d > 0 {
			return val[d]
		}
		return -val[-d]
	}
	for _, d := range decisions {
		if value(d) < 0 {
			return val, true
		}
		val[abs(d)] = sign(d)
	}
	for changed := true; changed; {
		changed = false
		for _, c := range clauses {
			free, unit := 0, 0
			sat := false
			for _, d := range c {
				switch value(d) {
				case 1:
					sat = true
				case 0:
					free++
					unit = d
				}
			}
			switch {
			case sat:
			case free == 0:
				return val, true
			case free == 1:
				val[abs(unit)] = sign(unit)
				changed = true
			}
		}
	}
	return val, false
}

func sign(d int) int {
	if d < 0 {
		return -1
	}
	return 1
}

// random3CNF draws m clauses of 3 distinct variables of 1..nv.
func random3CNF(rng *rand.Rand, nv, m int) [][]int {
	cs := make([][]int, m)
	for i := range cs {
		vs := rng.Perm(nv)[:3]
		c := make([]int, 3)
		for j, v := range vs {
			c[j] = v + 1
			if rng.Intn(2) == 0 {
				c[j] = -c[j]
			}
		}
		cs[i] = c
	}
	return cs
}

// checkLRAT checks an LRAT proof of the formula clauses strictly: every
// hint is an existing clause, unit under the assignment so far (the
// negated lemma and the units before it) or, last, falsified; a RAT
// lemma lists a group for every held clause with the negation of its
// first literal. It returns nil when the proof derives the empty clause.
func checkLRAT(clauses [][]int, proof string) error {
	db := map[int][]int{}
	for i, c := range clauses {
		db[i+1] = c
	}
	last := len(clauses)
	for n, line := range strings.Split(strings.TrimSpace(proof), "\n") {
		fs := strings.Fields(line)
		if len(fs) < 2 {
			return fmt.Errorf("line %d: too short: %q", n+1, line)
		}
		nums := func(fs []string) ([]int, []string, error) {
			var out []int
			for i, f := range fs {
				x, err := strconv.Atoi(f)
				if err != nil {
					return nil, nil, fmt.Errorf("line %d: %w", n+1, err)
				}
				if x == 0 {
					return out, fs[i+1:], nil
				}
				out = append(out, x)
			}
			return nil, nil, fmt.Errorf("line %d: no closing 0", n+1)
		}
		id, err := strconv.Atoi(fs[0])
		if err != nil {
			return fmt.Errorf("line %d: %w", n+1, err)
		}
		if fs[1] == "d" {
			ids, rest, err := nums(fs[2:])
			if err != nil || len(rest) > 0 {
				return fmt.Errorf("line %d: bad deletion %q", n+1, line)
			}
			for _, i := range ids {
				if _, ok := db[i]; !ok {
					return fmt.Errorf("line %d: deletes clause %d, not held", n+1, i)
				}
				delete(db, i)
			}
			continue
		}
		if id <= last {
			return fmt.Errorf("line %d: clause %d after %d", n+1, id, last)
		}
		lemma, rest, err := nums(fs[1:])
		if err != nil {
			return err
		}
		hints, rest, err := nums(rest)
		if err != nil || len(rest) > 0 {
			return fmt.Errorf("line %d: bad hints %q", n+1, line)
		}
		if err := lratStep(db, lemma, hints); err != nil {
			return fmt.Errorf("line %d (clause %d): %w", n+1, id, err)
		}
		db[id] = lemma
		last = id
		if len(lemma) == 0 {
			return nil
		}
	}
	return fmt.Errorf("no empty clause derived")
}

// lratStep checks one lemma against its hints.
func lratStep(db map[int][]int, lemma, hints []int) error {
	val := map[int]int{} // variable → 1 or -1
	value := func(d int) int { return val[abs(d)] * sign(d) }
	for _, d := range lemma {
		if value(d) > 0 {
			return nil // a tautology
		}
		val[abs(d)] = -sign(d)
	}
	// units runs hints from i until a conflict, a RAT group or the end;
	// it returns where it stopped and whether it found a conflict.
	units := func(val map[int]int, i int) (int, bool, error) {
		for ; i < len(hints) && hints[i] > 0; i++ {
			c, ok := db[hints[i]]
			if !ok {
				return i, false, fmt.Errorf("hint %d is not held", hints[i])
			}
			free, unit := 0, 0
			for _, d := range c {
				switch val[abs(d)] * sign(d) {
				case 1:
					return i, false, fmt.Errorf("hint %d is satisfied", hints[i])
				case 0:
					if free == 0 || d != unit {
						free++
					}
					unit = d
				}
			}
			switch free {
			case 0:
				return i + 1, true, nil
			case 1:
				val[abs(unit)] = sign(unit)
			default:
				return i, false, fmt.Errorf("hint %d is not unit", hints[i])
			}
		}
		return i, false, nil
	}
	i, conflict, err := units(val, 0)
	if err != nil || conflict {
		if conflict && i != len(hints) {
			return fmt.Errorf("hints after the conflict")
		}
		return err
	}
	if len(lemma) == 0 {
		return fmt.Errorf("no conflict")
	}
	// RAT on the first literal: a group for every held clause with its negation.
	p := lemma[0]
	groups := map[int][]int{} // candidate → where its hints start
	for i < len(hints) {
		d := -hints[i]
		if d <= 0 {
			return fmt.Errorf("expected a RAT group at hint %d", i)
		}
		c, ok := db[d]
		if !ok {
			return fmt.Errorf("RAT candidate %d is not held", d)
		}
		v := map[int]int{}
		for k, x := range val {
			v[k] = x
		}
		done := false
		for _, x := range c {
			if x == -p {
				continue
			}
			switch v[abs(x)] * sign(x) {
			case 1:
				done = true // satisfied: the resolvent is a tautology or implied
			case 0:
				v[abs(x)] = -sign(x)
			}
		}
		j, conflict, err := units(v, i+1)
		if err != nil {
			return fmt.Errorf("RAT candidate %d: %w", d, err)
		}
		if !conflict && !done {
			return fmt.Errorf("RAT candidate %d: no conflict", d)
		}
		groups[d] = c
		i = j
	}
	for id, c := range db {
		for _, x := range c {
			if x == -p {
				if _, ok := groups[id]; !ok {
					return fmt.Errorf("RAT candidate %d has no group", id)
				}
			}
		}
	}
	return nil
}
