//go:build linux

package solver

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// A solver may start processes that leave its process group, and even
// its session (setsid), which killGroup does not reach. On Linux the
// first program run makes this process a child subreaper
// (prctl(PR_SET_CHILD_SUBREAPER)): a process whose parent dies is then
// reparented to it rather than to init, so that whatever a run leaves
// behind, its top processes come back as children of this process once
// the solver is gone. Each run marks its environment with a token
// (runVar), which its descendants inherit, and sweep kills and reaps the
// children that carry the run's token or its process group, until none
// is left. Children of the process that carry neither (the embedding
// program's own) are left alone. A descendant that clears its environment
// and leaves the group escapes; one that reaches us dead (a zombie) and
// was not in the group stays a zombie, which runs nothing.

// adopt makes this process a child subreaper, once.
func adopt() { subreaper() }

var subreaper = sync.OnceFunc(func() {
	const prSetChildSubreaper = 36
	syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
})

// sweepWait bounds the time sweep spends on a run's leftovers.
const sweepWait = 2 * time.Second

// errLeft is wrapped by sweep's error when processes of the run outlive
// it.
var errLeft = errors.New("left processes running that could not be killed")

// sweep kills and reaps, until none is left, the processes of the run
// whose process group is pgid and whose environment holds token, once
// its leader has been reaped and its group killed: those still in the
// group, and those that left it, which have come back to this process as
// their parents died. It returns an error when some are still there
// after sweepWait.
func sweep(pgid int, token string) error {
	mark := []byte(runVar + "=" + token)
	deadline := time.Now().Add(sweepWait)
	killed := map[int]bool{} // killed and not reaped yet: a zombie has no environment left to tell
	for {
		for _, pid := range children() {
			if !killed[pid] && !belongs(pid, pgid, mark) {
				continue
			}
			killed[pid] = true
			syscall.Kill(pid, syscall.SIGKILL)
			var ws syscall.WaitStatus
			if got, err := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil); got == pid || err == syscall.ECHILD {
				delete(killed, pid)
			}
		}
		if len(killed) == 0 && syscall.Kill(-pgid, 0) == syscall.ESRCH {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w (process group %d)", errLeft, pgid)
		}
		time.Sleep(time.Millisecond)
	}
}

// children returns the pids of this process's children, from
// /proc/self/task/*/children (each thread's).
func children() []int {
	files, _ := filepath.Glob("/proc/self/task/*/children")
	var pids []int
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		for _, w := range strings.Fields(string(b)) {
			if pid, err := strconv.Atoi(w); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	return pids
}

// belongs reports whether process pid is in the process group or
// session pgid, or has mark in its environment.
func belongs(pid, pgid int, mark []byte) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// pid (comm) state ppid pgrp session ...; comm may hold anything.
	if i := bytes.LastIndexByte(b, ')'); i >= 0 {
		f := strings.Fields(string(b[i+1:]))
		if len(f) > 3 && (f[2] == strconv.Itoa(pgid) || f[3] == strconv.Itoa(pgid)) {
			return true
		}
	}
	env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return false
	}
	for _, kv := range bytes.Split(env, []byte{0}) {
		if bytes.Equal(kv, mark) {
			return true
		}
	}
	return false
}
