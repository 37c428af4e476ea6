/* idref: the plain reference for the addition-chain searches (POJ 2248 /
 * AcWing 170), for speed ratios only. It reads lines of n ending with 0
 * and prints a shortest chain of each, found by the textbook's iterative
 * deepening on the chain's length m, with the three cuts the textbook
 * names: larger sums first (i and j run down), each sum once per node,
 * and the doubling bound (a sum s at position k cannot reach n when
 * s * 2^(m-k) < n). Nothing more.
 *
 *   gcc -O2 -o idref idref.c && printf '5\n7\n12\n15\n77\n0\n' | ./idref
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXM = 64 };

static int n, path[MAXM + 1];
static unsigned stamp, *seen; /* seen[s] == stamp: s tried at this node */

static int dfs(int k, int m) {
	if (k > m)
		return path[m] == n;
	unsigned mine = ++stamp;
	for (int i = k - 1; i >= 0; i--)
		for (int j = i; j >= 0; j--) {
			int s = path[i] + path[j];
			if (s > n || s <= path[k - 1] || seen[s] == mine)
				continue;
			seen[s] = mine;
			if (m - k < 31 && ((long long)s << (m - k)) < n)
				continue; /* the doubling bound */
			path[k] = s;
			if (dfs(k + 1, m))
				return 1;
		}
	return 0;
}

int main(void) {
	seen = calloc(1000001, sizeof *seen);
	while (scanf("%d", &n) == 1 && n > 0 && n <= 1000000) {
		path[0] = 1;
		int m = 0;
		while (!dfs(1, m))
			m++;
		for (int k = 0; k <= m; k++)
			printf(k ? " %d" : "%d", path[k]);
		printf("\n");
	}
	return 0;
}
