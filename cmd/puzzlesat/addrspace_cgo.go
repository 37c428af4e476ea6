//go:build linux && cgo

package main

// Under an address-space limit (ulimit -v, RLIMIT_AS) a Go 1.26 program
// starts with about 1.2 GB reserved by the runtime; glibc then adds 64 MB
// of reserved heap for each thread that calls malloc (an arena per
// thread, up to eight per core) and a stack of RLIMIT_STACK, 8 MB, for
// each thread. Under a 1.5 GB cap that left 12 MB: the first 64 MB arena
// of Go's heap, or a thread for the collector, failed and ended the
// process with a Go crash. Before Go starts, this constructor keeps
// glibc to its one main arena and new threads to 2 MB stacks, when a
// limit is set only, since arenas per thread are what keep CaDiCaL's
// threads in a portfolio from waiting on one lock.

/*
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <sys/resource.h>

__attribute__((constructor)) static void puzzlesat_fit_address_space(void) {
	struct rlimit r;
	if (getrlimit(RLIMIT_AS, &r) != 0 || r.rlim_cur == RLIM_INFINITY) {
		return;
	}
	mallopt(M_ARENA_MAX, 1);
	pthread_attr_t a;
	if (pthread_attr_init(&a) != 0) {
		return;
	}
	if (pthread_attr_setstacksize(&a, 2 << 20) == 0) {
		pthread_setattr_default_np(&a);
	}
	pthread_attr_destroy(&a);
}
*/
import "C"
