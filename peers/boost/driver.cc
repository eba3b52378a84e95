// driver.cc - the Boost.Graph peer driver: boost::lengauer_tarjan_dominator_tree on each CFG of
// a batch (or on the one graph), behind the line protocol of peers/common/peer_driver.h. Each CFG
// becomes its own Boost graph (the algorithm sizes its work arrays by num_vertices), built before
// "ready". Each "run -1" is timed with a steady_clock around the dominator calls of every part,
// one thread, in part order; the output maps are reset to null_vertex before the clock starts.
// The call is the six-argument form with the work maps made inside the clock exactly as the
// three-argument form makes them, but with the masks its documentation requires for unreachable
// vertices (dfnum = max, parent = null_vertex): the three-argument form fills dfnum with 0, so a
// reachable vertex with an unreachable predecessor gets a wrong (null) idom (boostorg/graph PR
// #97, not merged; Boost 1.74 has it). The graph type is adjacency_list<vecS, vecS,
// bidirectionalS>, the one of Boost's own dominator test and example (Boost 1.74's bidirectional
// compressed_sparse_row_graph lacks degree() and fails the algorithm's concept check). Usage:
//   boost-driver dom GRAPH.bcsr
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dominator_tree.hpp>

#include "peer_driver.h"

namespace {

typedef boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS> G;
typedef boost::graph_traits<G>::vertex_descriptor Vertex;

// One CFG: vertices [lo, lo + n) of the file, local ids in the Boost graph, root local 0.
struct Part {
  int64_t lo = 0;
  std::unique_ptr<G> g;
  std::vector<Vertex> idom;
};

// lengauer_tarjan_dominator_tree(g, entry, idom) as Boost 1.74 writes it, with dfnum starting at
// the "unreachable" mask instead of 0.
void Dominators(const G &g, std::vector<Vertex> &idom) {
  typedef boost::graph_traits<G>::vertices_size_type Size;
  typedef boost::property_map<G, boost::vertex_index_t>::const_type IndexMap;
  const Size nv = boost::num_vertices(g);
  const IndexMap index = boost::get(boost::vertex_index, g);
  std::vector<Size> dfnum(nv, std::numeric_limits<Size>::max());
  std::vector<Vertex> parent(nv, boost::graph_traits<G>::null_vertex());
  std::vector<Vertex> by_dfnum(parent);
  boost::lengauer_tarjan_dominator_tree(g, boost::vertex(0, g), index,
                                        boost::make_iterator_property_map(dfnum.begin(), index),
                                        boost::make_iterator_property_map(parent.begin(), index),
                                        by_dfnum,
                                        boost::make_iterator_property_map(idom.begin(), index));
}

struct State {
  int32_t n = 0;
  std::vector<Part> parts;
  std::vector<int32_t> idom;  // the answer, global ids

  explicit State(const pd_graph &pg) : n(pg.n), idom(pg.n) {
    int32_t np = pg.nparts > 0 ? pg.nparts : (pg.n > 0 ? 1 : 0);
    parts.resize(np);
    std::vector<std::pair<int64_t, int64_t>> arcs;
    for (int32_t p = 0; p < np; p++) {
      int64_t lo = pg.nparts ? pg.part_off[p] : 0, hi = pg.nparts ? pg.part_off[p + 1] : pg.n;
      arcs.clear();
      for (int64_t u = lo; u < hi; u++)
        for (int64_t i = pg.row[u]; i < pg.row[u + 1]; i++)
          arcs.push_back(std::make_pair(u - lo, pg.col[i] - lo));
      parts[p].lo = lo;
      parts[p].g.reset(new G(arcs.begin(), arcs.end(), hi - lo));
      parts[p].idom.resize(hi - lo);
    }
  }

  static int Run(void *ctx, int64_t root, double *ms, char *msg, size_t len, int *input) {
    State &s = *static_cast<State *>(ctx);
    if (root != -1) {
      *input = 1;
      snprintf(msg, len, "run %lld: dom runs from each CFG's first vertex: run -1",
               (long long)root);
      return -1;
    }
    for (auto &p : s.parts)
      std::fill(p.idom.begin(), p.idom.end(), boost::graph_traits<G>::null_vertex());
    auto t0 = std::chrono::steady_clock::now();
    for (auto &p : s.parts)
      Dominators(*p.g, p.idom);
    auto t1 = std::chrono::steady_clock::now();
    *ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    return 0;
  }

  // null_vertex (a root, an unreachable vertex) -> -1; local ids -> global.
  static int Answer(void *ctx, const void **data, size_t *bytes, char *, size_t) {
    State &s = *static_cast<State *>(ctx);
    for (auto &p : s.parts)
      for (size_t v = 0; v < p.idom.size(); v++)
        s.idom[p.lo + v] = p.idom[v] == boost::graph_traits<G>::null_vertex()
                               ? -1
                               : static_cast<int32_t>(p.lo + static_cast<int64_t>(p.idom[v]));
    *data = s.idom.data();
    *bytes = s.idom.size() * sizeof(int32_t);
    return 0;
  }
};

}  // namespace

int main(int argc, char **argv) {
  std::cout.rdbuf(std::cerr.rdbuf());  // nothing but the protocol on stdout
  if (argc < 3)
    pd_die(GR_EXIT_INPUT, "usage: boost-driver dom GRAPH.bcsr");
  if (strcmp(argv[1], "dom") != 0)
    pd_die(GR_EXIT_INPUT, "algorithm '%s': boost-driver runs dom", argv[1]);
  if (argc > 3)
    pd_die(GR_EXIT_INPUT, "unknown option '%s' (boost dom takes none)", argv[3]);
  double t0 = pd_now_ms();
  pd_graph pg;
  char err[PD_MSG];
  if (pd_read_bcsr(argv[2], &pg, err, sizeof err) < 0)
    pd_die(GR_EXIT_INPUT, "%s", err);
  if (pg.n == 0)
    pd_die(GR_EXIT_INPUT, "%s: the graph has no vertices (a CFG needs its root)", argv[2]);
  State s(pg);
  int32_t n = pg.n;
  pd_graph_free(&pg);
  pd_ops ops = {State::Run, State::Answer};
  return pd_serve(&s, &ops, n, pd_now_ms() - t0);
}
