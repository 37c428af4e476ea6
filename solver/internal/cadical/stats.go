//go:build cadical

package cadical

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unsafe"
)

/*
#include <stdlib.h>
#include "shim.h"
*/
import "C"

// Counters are what the solver counts as it goes, at no cost worth
// measuring: CaDiCaL 1.5.3 has no getter for its statistics, so they
// come from its callbacks and from its public size queries. All but the
// sizes add up over the solver's life.
type Counters struct {
	Solves int // calls of Solve that reached CaDiCaL
	// Learned counts the clauses conflict analysis learned, each seen
	// through CaDiCaL's Learner callback (the empty clause included):
	// one per conflict in search, except the conflicts that
	// chronological backtracking resolves without a new clause (about 1%
	// of them), and none for conflicts inside probing or vivification.
	// It equals the "learned" line of CaDiCaL's report (Stats.Learned),
	// plus one when the empty clause was learned in search.
	Learned      int64
	LearnedUnits int64 // of them, unit clauses
	LearnedLits  int64 // their literals, after minimisation
	// Polls counts CaDiCaL's calls of the terminator, the check by which
	// Solve stops. The shim sets the option terminateint to 0, so this is
	// every termination check: search makes one before each decision (and
	// each restart, reduction or inprocessing step), the preprocessors one
	// per round of their loops. A measure of work done, near Decisions.
	Polls int64
	// The current sizes, from Solver::active, irredundant and redundant:
	// variables neither fixed nor eliminated, and the clauses kept.
	Active      int
	Irredundant int64
	Redundant   int64
}

// Counters returns the solver's counters in one cgo call.
func (s *Solver) Counters() (Counters, error) {
	if err := s.enter("Counters"); err != nil {
		return Counters{}, err
	}
	defer s.leave()
	var c C.shim_counters
	if C.shim_counters_get(s.p, &c) != 0 {
		return Counters{}, s.breaks("Counters")
	}
	return Counters{
		Solves:       int(s.gen),
		Learned:      int64(c.learned),
		LearnedUnits: int64(c.learned_units),
		LearnedLits:  int64(c.learned_lits),
		Polls:        int64(c.polls),
		Active:       int(c.active),
		Irredundant:  int64(c.irredundant),
		Redundant:    int64(c.redundant),
	}, nil
}

// Stats holds CaDiCaL's own counters, as its statistics report prints
// them (`cadical` prints the same report when it ends), added up over
// the solver's life.
type Stats struct {
	Conflicts          int64 // "conflicts": conflicts met in search
	Decisions          int64 // "decisions": search decisions
	Propagations       int64 // "propagations": assignments by unit propagation, every kind (search, probing, vivification, local search...)
	SearchPropagations int64 // "propagations.searchprops": those of search alone
	Restarts           int64 // "restarts"
	Learned            int64 // "learned": clauses learned by conflict analysis
	Fixed              int64 // "fixed": variables fixed at the root level
	Eliminated         int64 // "eliminated": variables eliminated by preprocessing
	// All holds every integer line of the report, named as printed; an
	// indented line is named after the line it belongs to, as in
	// "conflicts.backtracked" or "propagations.probeprops".
	All map[string]int64
}

// ErrNoReport: CaDiCaL's statistics report could not be captured (a C
// library other than glibc, or a CaDiCaL built with QUIET).
var ErrNoReport = errors.New("statistics report not available")

// Stats returns CaDiCaL's own counters, read from its statistics report:
// exact, unlike Counters, but dearer (the report is some 150 lines of
// printf, read back and parsed: tens of microseconds), so read it when
// the numbers are wanted, not after every solve.
//
// CaDiCaL prints the report only on stdout. Stats captures it by pointing
// C's stdout at a memory stream for the length of the call, serialised
// across solvers; Go's own output does not pass through C's stdout, but
// other C code printing with stdio during the call would be captured too.
func (s *Solver) Stats() (Stats, error) {
	if err := s.enter("Stats"); err != nil {
		return Stats{}, err
	}
	defer s.leave()
	var n C.size_t
	p := C.shim_statistics(s.p, &n)
	if p == nil {
		return Stats{}, fmt.Errorf("cadical: Stats: %w", ErrNoReport)
	}
	text := C.GoStringN(p, C.int(n))
	C.free(unsafe.Pointer(p))
	all := parseReport(text)
	if _, ok := all["conflicts"]; !ok {
		return Stats{}, fmt.Errorf("cadical: Stats: no conflicts line in the report: %w", ErrNoReport)
	}
	return Stats{
		Conflicts:          all["conflicts"],
		Decisions:          all["decisions"],
		Propagations:       all["propagations"],
		SearchPropagations: all["propagations.searchprops"],
		Restarts:           all["restarts"],
		Learned:            all["learned"],
		Fixed:              all["fixed"],
		Eliminated:         all["eliminated"],
		All:                all,
	}, nil
}

// parseReport reads the lines "c name: <integer> ..." of CaDiCaL's
// statistics report; an indented name is prefixed with the name of the
// unindented line above it. Lines whose first value is not an integer,
// and lines without a colon (the profile), are left out. Terminal colour
// codes, which CaDiCaL adds when file descriptor 1 is a terminal, are
// removed first.
func parseReport(text string) map[string]int64 {
	all := map[string]int64{}
	parent := ""
	for _, line := range strings.Split(text, "\n") {
		line = stripEscapes(line)
		line, ok := strings.CutPrefix(line, "c ")
		if !ok {
			continue
		}
		name, rest, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(name) == "" {
			continue
		}
		indented := strings.HasPrefix(name, " ")
		name = strings.TrimSpace(name)
		if !indented {
			parent = name
		} else if parent != "" {
			name = parent + "." + name
		}
		fields := strings.Fields(rest)
		if len(fields) == 0 {
			continue
		}
		if v, err := strconv.ParseInt(fields[0], 10, 64); err == nil {
			all[name] = v
		}
	}
	return all
}

// stripEscapes removes the ANSI sequences "ESC [ ... letter" from s.
func stripEscapes(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
