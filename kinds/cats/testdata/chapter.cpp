// The usual contest search for "cats and cable cars" (小猫爬山, AcWing 165),
// the chapter's example of a search order (0x23, 1.(1): the cats heaviest
// first), instrumented: a counter for the calls of dfs and one for each
// cut, and each cut switchable. The chapter prints no program for it; this
// is the search its text describes and the contest's solutions write: the
// cats in turn, each into every car that has room or into a new car.
//
// puzzlesat's native.CatsChapter is pinned against it: its tests build this
// file and compare the counts line by line.
//
//	chapter [-1] [-3] [-4] [max=N] < instances
//
// reads instances "N W" then N weights, to the end of input, "-X" switching
// cut X off, and prints for each
//
//	CARS nodes=N 1=C 3=C 4=C
//
// ("over" for CARS when the instance took more than max=N calls).
// The cuts are numbered by the chapter's kinds of pruning: (1), search
// order, the cats heaviest first, an order that ends nothing and counts
// the cats it placed, in its order; (3), feasibility, a cat does not go
// into a car without room for it, counting the cars it refused; (4),
// optimality, a call whose cars reach the best packing's is ended,
// counting those calls. A cut that is off counts 0.
//
// Off, (1) places the cats in input order; (3) lets a car take more than W
// and refuses the packing at its end instead; (4) lets the call go on.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

enum { C1, C3, C4, NCUTS };
static const char *names[NCUTS] = {"1", "3", "4"};
static bool on[NCUTS];
static long long nodes, cut[NCUTS];
static long long maxNodes = -1; // max=N: give up an instance past N calls
static bool over;               // it gave up

static int n;
static long long w;
static std::vector<long long> c, sum;
static int ans;

// dfs places cat u, k cars being open.
static void dfs(int u, int k) {
	nodes++;
	if (maxNodes >= 0 && nodes > maxNodes) over = true;
	if (over) return;
	if (on[C4] && k >= ans) {
		cut[C4]++;
		return;
	}
	if (u == n) {
		for (int i = 0; i < k; i++)
			if (sum[i] > w) return; // overfull: only without cut 3
		if (k < ans) ans = k;
		return;
	}
	for (int i = 0; i < k; i++) {
		if (c[u] + sum[i] > w && on[C3]) {
			cut[C3]++;
			continue;
		}
		if (on[C1]) cut[C1]++;
		sum[i] += c[u];
		dfs(u + 1, k);
		sum[i] -= c[u];
	}
	if (on[C1]) cut[C1]++;
	sum[k] = c[u];
	dfs(u + 1, k + 1);
	sum[k] = 0;
}

int main(int argc, char **argv) {
	for (int k = 0; k < NCUTS; k++) on[k] = true;
	for (int i = 1; i < argc; i++) {
		if (strncmp(argv[i], "max=", 4) == 0) {
			maxNodes = atoll(argv[i] + 4);
			continue;
		}
		int k = 0;
		while (k < NCUTS && (argv[i][0] != '-' || strcmp(argv[i] + 1, names[k]) != 0)) k++;
		if (k == NCUTS) {
			fprintf(stderr, "usage: chapter [-1] [-3] [-4] [max=N] < instances\n");
			return 2;
		}
		on[k] = false;
	}
	while (scanf("%d %lld", &n, &w) == 2) {
		c.assign(n, 0);
		sum.assign(n + 1, 0);
		for (int i = 0; i < n; i++)
			if (scanf("%lld", &c[i]) != 1) return 2;
		if (on[C1]) std::sort(c.begin(), c.end(), std::greater<long long>());
		ans = n;
		nodes = 0, over = false;
		memset(cut, 0, sizeof cut);
		dfs(0, 0);
		if (over)
			printf("over nodes=%lld", nodes);
		else
			printf("%d nodes=%lld", ans, nodes);
		for (int k = 0; k < NCUTS; k++) printf(" %s=%lld", names[k], cut[k]);
		printf("\n");
	}
	return 0;
}
