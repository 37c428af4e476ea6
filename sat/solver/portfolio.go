package solver

import (
	"context"
	"errors"
	"time"

	"puzzlesat/encode/cnf"
)

// Portfolio returns the engine that races members on every solve: each
// solves the same formula under the same assumptions, the first definite
// answer (SAT with a checked model, or UNSAT) wins, and the others are
// stopped at once (the engines in process by their context, programs by
// killing their processes). A member that fails drops out of that race;
// the solve fails only when every member failed. Stats.Wins counts the
// winners.
//
// The members that run in process (gini, CaDiCaL) start at once and the
// programs a head start later, unless the race is over by then: most
// queries of the puzzle kinds take gini less time than a process takes to
// start and stop.
//
// A model is checked before it counts, but an UNSAT answer cannot be, so
// the portfolio that ParseEngine("portfolio") makes believes the programs
// it found on PATH (Found), which the user never chose, only when another
// member agrees: such a program's UNSAT waits, while the race goes on,
// for another member's UNSAT (which then wins) or a model (which wins
// over it); left alone, it fails the solve. The engines in process and
// the programs the user names ("portfolio:A,B", Program) are believed on
// their own, as they are outside a portfolio.
//
// gini keeps its incremental state across races: stopped, it is not
// poisoned, and it is told when another member's model proves its clause
// set satisfiable, so its re-solve guard does not rebuild it needlessly.
// The counters (conflicts, decisions) count the work of the members in
// process in every race, won, lost or stopped.
func Portfolio(members ...Engine) Engine {
	return &portfolio{name: "portfolio", members: members, headStart: defaultHeadStart}
}

// defaultHeadStart is how long a portfolio's programs wait for the members in
// process to answer before they start: a few times what a solver process
// costs to start and stop, which is many times gini's time on a typical
// small query (docs/solvers.md).
const defaultHeadStart = 20 * time.Millisecond

type portfolio struct {
	name      string
	members   []Engine
	headStart time.Duration
}

func (p *portfolio) Name() string { return p.name }

func (p *portfolio) open(f *cnf.CNF) session {
	r := &race{headStart: p.headStart}
	for _, m := range p.members {
		if pr, ok := m.(*program); ok {
			r.later = append(r.later, member{m.open(f), !pr.found})
		} else {
			r.now = append(r.now, member{m.open(f), true})
		}
	}
	return r
}

// race holds each member's session for one formula: those in process,
// which start at once, and the programs, which start after headStart.
type race struct {
	now, later []member
	headStart  time.Duration
}

// member is one member's session in a race, and whether its UNSAT
// answers are believed on their own.
type member struct {
	session
	trusted bool
}

// ErrUnconfirmed is wrapped by the error of a portfolio's solve whose
// only UNSAT answer came from a program found on PATH, which no other
// member confirmed.
var ErrUnconfirmed = errors.New("UNSAT from a program found on PATH, which no other member confirmed")

// close closes every member's session.
func (r *race) close() {
	for _, ms := range [][]member{r.now, r.later} {
		for _, m := range ms {
			m.close()
		}
	}
}

// satisfiable is a session that can use the news that its clause set is
// known satisfiable: gini's.
type satisfiable interface{ satisfiable() }

// result is one member's outcome in a race.
type result struct {
	a       answer
	err     error
	trusted bool // the member's UNSAT answers are believed on their own
}

func (r *race) solve(ctx context.Context, assume []cnf.Lit) (answer, error) {
	if len(r.now)+len(r.later) == 0 {
		return answer{}, errors.New("a portfolio with no members")
	}
	win, errs := r.run(ctx, assume)
	switch {
	case win.status == Sat:
		for _, ms := range [][]member{r.now, r.later} {
			for _, m := range ms {
				if s, ok := m.session.(satisfiable); ok {
					s.satisfiable()
				}
			}
		}
		return win, nil
	case win.status == Unsat:
		return win, nil
	case ctx.Err() != nil:
		return win, ctx.Err()
	}
	return win, errors.Join(errs...)
}

// run runs the race: the members in process at once, the programs after
// the head start unless it is over, and returns the winner's answer
// (status Unknown when none won), with every member's work, and the
// errors of the members that failed before the race ended. An UNSAT
// answer of a member not trusted waits for another's UNSAT or model; if
// none comes, its error wraps ErrUnconfirmed. Every member has stopped
// when it returns.
func (r *race) run(ctx context.Context, assume []cnf.Lit) (win answer, errs []error) {
	race, stop := context.WithCancel(ctx)
	defer stop()
	results := make(chan result, len(r.now)+len(r.later))
	running := 0
	launch := func(ms []member) {
		for _, m := range ms {
			running++
			go func() {
				a, err := m.solve(race, assume)
				results <- result{a, err, m.trusted}
			}()
		}
	}
	launch(r.now)
	later := r.later
	timer := time.NewTimer(r.headStart)
	defer timer.Stop()
	var (
		work  Stats
		claim *answer // an UNSAT answer not trusted, waiting for another
	)
	for running > 0 || len(later) > 0 {
		if running == 0 { // the members in process failed: no point waiting
			launch(later)
			later = nil
		}
		select {
		case <-timer.C:
			if race.Err() == nil {
				launch(later)
			}
			later = nil
		case res := <-results:
			running--
			work.addWork(res.a.work)
			switch {
			case win.status != Unknown: // the race was over: this one was stopped
			case res.err == nil && res.a.status == Unsat && !res.trusted && claim == nil:
				claim = &res.a // believed once another member agrees
			case res.err == nil && res.a.status != Unknown:
				win, later = res.a, nil
				stop()
			case res.err != nil && race.Err() == nil:
				errs = append(errs, res.err)
			}
		}
	}
	if claim != nil && win.status == Unknown && ctx.Err() == nil {
		errs = append(errs, &ProgramError{Program: claim.by, Err: ErrUnconfirmed})
	}
	win.work = work
	return win, errs
}
