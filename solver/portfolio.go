package solver

import (
	"cmp"
	"context"
	"errors"
	"runtime"
	"slices"
	"time"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// Portfolio returns the engine that races members on every solve: each
// solves the same formula under the same assumptions, the first definite
// answer (SAT with a checked model, or UNSAT) wins, and the others are
// stopped at once (the engines in process by their context, programs by
// killing their processes). A member that fails drops out of that race;
// the solve fails only when every member failed. Stats.Wins counts the
// winners.
//
// No more members race at once than the process has CPUs (racerLimit),
// counted over every solve that shares the portfolio at the same time,
// as the instances of a batch solved in parallel do: on a machine with
// fewer cores than members, racing them all divides each core among them
// and makes the best member several times slower. They join in the order
// of auto's rules for the formula (rank): the engine Auto would pick
// first, then the other engines in process, then the programs, strongest
// first. Each next one joins once a racer has finished without winning,
// or after a delay that grows with the query's expected cost (joinDelay)
// if the machine has a CPU free (freeCPU): most queries are answered by
// the first before anyone else has started, and a hard one that the
// rules expect the first to win is left to it for long enough that
// sharing the CPU later costs it little.
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
	return newPortfolio("portfolio", members, racerLimit())
}

// newPortfolio returns a portfolio of members called name that races at
// most racers of them at once.
func newPortfolio(name string, members []Engine, racers int) *portfolio {
	return &portfolio{name: name, members: members, headStart: defaultHeadStart, paced: true,
		slots: make(chan struct{}, max(racers, 1)), readCPU: readCPU, newAlarm: newTimerAlarm}
}

// alarm rings a race's join delays: a time.Timer, or a test's hand,
// which rings it when the test says, so that no test waits on the clock.
type alarm interface {
	C() <-chan time.Time
	// Reset starts the delay d afresh, as time.Timer.Reset does.
	Reset(d time.Duration)
	Stop()
}

// timerAlarm is the alarm of a time.Timer.
type timerAlarm struct{ t *time.Timer }

// newTimerAlarm returns a stopped timerAlarm.
func newTimerAlarm() alarm {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return timerAlarm{t}
}

func (a timerAlarm) C() <-chan time.Time   { return a.t.C }
func (a timerAlarm) Reset(d time.Duration) { a.t.Reset(d) }
func (a timerAlarm) Stop()                 { a.t.Stop() }

// racerLimit returns how many members a portfolio races at once: the CPUs
// the process may use, which runtime.GOMAXPROCS reports (since Go 1.25
// the CPUs of its affinity mask, runtime.NumCPU, lowered to a cgroup's
// CPU quota, or to the GOMAXPROCS the user set), never more than
// runtime.NumCPU.
func racerLimit() int { return max(1, min(runtime.NumCPU(), runtime.GOMAXPROCS(0))) }

// The join delay of the next racer is defaultHeadStart plus the time the
// rule of auto's table that matches the formula expects its pick to take
// per literal, for every literal (Rule.Cost), at most maxDelay. The head
// start is a few times what a solver process costs to start and stop,
// which is more than gini takes on a typical small query. Two racers on
// the cores of a small machine slow each other down, so the first, which
// the rules expect to win, must run alone for a good part of its time
// for the race to cost little more than it alone: its expected cost
// gives it that on the queries the rules were measured on
// (docs/solvers.md). Past maxDelay, a first racer that has not answered
// is not trusted to be the best alone any longer.
const (
	defaultHeadStart = 20 * time.Millisecond
	maxDelay         = 10 * time.Second
)

// A racer due by the delay joins only on a CPU of the machine that is
// free: one that the machine's other work (other programs, other
// users) and the racers running leave idle, freeCPU of it at least,
// over the time since the last racer joined (freeSince). On a machine
// whose cores are all busy, another racer takes its CPU from the first,
// which the rules expect to win (docs/solvers.md measures what that
// cost minimal5). After patience delays more it joins all the same: the
// first may be the wrong one.
const (
	freeCPU  = 0.75
	patience = 3
)

type portfolio struct {
	name      string
	members   []Engine
	headStart time.Duration
	// paced: the delay grows with the query's expected cost, and a racer
	// due by it waits for a free CPU; else the delay is headStart.
	paced bool
	// readCPU reads the machine's CPU time (readCPU, or a test's).
	readCPU func() (cpuTime, bool)
	// newAlarm makes the alarm of one race (newTimerAlarm, or a test's).
	newAlarm func() alarm
	// slots holds a token for each racer alive in any race of the
	// portfolio: its capacity is the most that race at once.
	slots chan struct{}
}

func (p *portfolio) Name() string { return p.name }

func (p *portfolio) open(f *cnf.CNF) session {
	r := &race{p: p, f: f}
	for _, m := range p.members {
		pr, isProgram := m.(*program)
		r.members = append(r.members, member{session: m.open(f), engine: m, trusted: !isProgram || !pr.found})
	}
	return r
}

// joinDelay returns how long the racers of a solve of a formula of facts
// q wait, each after the one before, unless a racer finishes first.
func (p *portfolio) joinDelay(q facts) time.Duration {
	if !p.paced {
		return p.headStart
	}
	return min(p.headStart+time.Duration(q.Lits)*ruleFor(q).Cost, maxDelay)
}

// race holds each member's session for one formula.
type race struct {
	p       *portfolio
	f       *cnf.CNF
	members []member
	solves  int  // races run, for loop
	rules   Hint // the Config's Hint, which ranks the members
}

// member is one member's session in a race, its engine, and whether its
// UNSAT answers are believed on their own.
type member struct {
	session
	engine  Engine
	trusted bool
}

// ErrUnconfirmed is wrapped by the error of a portfolio's solve whose
// only UNSAT answer came from a program found on PATH, which no other
// member confirmed.
var ErrUnconfirmed = errors.New("UNSAT from a program found on PATH, which no other member confirmed")

// close closes every member's session.
func (r *race) close() {
	for _, m := range r.members {
		m.close()
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
	if len(r.members) == 0 {
		return answer{}, errors.New("a portfolio with no members")
	}
	q := factsOf(r.f, r.rules, r.f.NumLits(), len(assume) > 0 || r.solves > 0)
	r.solves++
	win, errs := r.run(ctx, assume, rank(r.members, q), r.p.joinDelay(q))
	switch {
	case win.status == Sat:
		for _, m := range r.members {
			if s, ok := m.session.(satisfiable); ok {
				s.satisfiable()
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

// rank returns the members in the order they join a race on a formula
// of facts q: first the engine in process that Auto would pick, then the
// other engines in process, then the programs, strongest first
// (programRanks). For a formula that is no step of a loop, the program
// of the engine Auto would pick comes first when that engine is not in
// process (the cadical program in a build without CaDiCaL).
func rank(ms []member, q facts) []member {
	pick := ruleFor(q).engineName()
	picked := slices.ContainsFunc(ms, func(m member) bool { return m.inProcess() && m.engine.Name() == pick })
	score := func(m member) int {
		p, isProgram := m.engine.(*program)
		switch {
		case !isProgram && m.engine.Name() == pick:
			return 0
		case isProgram && p.spec.name == pick && !picked && !q.Loop:
			return 1
		case !isProgram:
			return 2
		}
		if i := slices.Index(programRanks, p.spec.name); i >= 0 {
			return 3 + i
		}
		return 3 + len(programRanks)
	}
	ranked := slices.Clone(ms)
	slices.SortStableFunc(ranked, func(a, b member) int { return cmp.Compare(score(a), score(b)) })
	return ranked
}

// programRanks orders the known programs by their strength on the
// puzzle formulas, as measured (docs/results.md: cake5 at Q = 1617,
// sticks block 18, the hard 36x36 sudokus); a program of another name
// comes after them, in the order given.
var programRanks = []string{"kissat", "cadical", "clasp", "minisat", "glucose", "cryptominisat5", "picosat"}

// inProcess reports whether the member runs in process, not as a program.
func (m member) inProcess() bool {
	_, ok := m.engine.(*program)
	return !ok
}

// run runs the race of the members in the order given: the first at
// once, each next one after delay, or at once when a racer finished
// without winning or none is left running, and only while a slot of the
// portfolio is free, which it holds until its solve returns. A paced
// portfolio's next racer that is due by the delay waits one delay more,
// up to patience times, while the machine had no CPU free since the last
// racer joined. It returns
// the winner's answer (status Unknown when none won), with every
// member's work, and the errors of the members that failed before the
// race ended. An UNSAT answer of a member not trusted waits for another's
// UNSAT or model; if none comes, its error wraps ErrUnconfirmed. Every
// member has stopped when it returns.
func (r *race) run(ctx context.Context, assume []cnf.Lit, order []member, delay time.Duration) (win answer, errs []error) {
	race, stop := context.WithCancel(ctx)
	defer stop()
	results := make(chan result, len(order))
	running, next := 0, 0
	due := true // the next may join as soon as a slot is free
	timer := r.p.newAlarm()
	defer timer.Stop()
	var (
		work  Stats
		claim *answer // an UNSAT answer not trusted, waiting for another
		// The machine's CPU time when the last racer joined, or when the
		// machine was last found busy, and the delays waited since for
		// a free CPU.
		since cpuTime
		known bool
		waits int
	)
	for running > 0 || next < len(order) {
		if running == 0 {
			due = true // no one to wait for
		}
		var slot chan<- struct{} // nil, which blocks, unless the next may join
		if due && next < len(order) && race.Err() == nil {
			slot = r.p.slots
		}
		var done <-chan struct{}
		if running == 0 {
			done = race.Done() // waiting for a slot that other races hold
		}
		select {
		case slot <- struct{}{}:
			m := order[next]
			next++
			running++
			go func() {
				a, err := m.solve(race, assume)
				results <- result{a, err, m.trusted} // its slot is given back as the result is read
			}()
			due = false
			timer.Reset(delay)
			if r.p.paced {
				since, known = r.p.readCPU()
				waits = 0
			}
		case <-timer.C():
			if r.p.paced && known && waits < patience {
				now, ok := r.p.readCPU()
				if free, sure := freeSince(since, now); ok && sure && free < freeCPU {
					waits, since = waits+1, now // the machine's CPUs are busy: a racer would only slow the others
					timer.Reset(delay)
					break
				}
			}
			due = true
		case <-done:
			next = len(order)
		case res := <-results:
			running--
			<-r.p.slots
			work.addWork(res.a.work)
			switch {
			case win.status != Unknown: // the race was over: this one was stopped
			case res.err == nil && res.a.status == Unsat && !res.trusted && claim == nil:
				claim = &res.a // believed once another member agrees
				due = true
			case res.err == nil && res.a.status != Unknown:
				win, next = res.a, len(order)
				stop()
			case res.err != nil && race.Err() == nil:
				errs = append(errs, res.err)
				due = true
			}
		}
	}
	if claim != nil && win.status == Unknown && ctx.Err() == nil {
		errs = append(errs, &ProgramError{Program: claim.by, Err: ErrUnconfirmed})
	}
	win.work = work
	return win, errs
}
