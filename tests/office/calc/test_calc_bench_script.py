"""scripts/bench_calc.py measures what it claims: same cells written by the tool, raw and cell by cell."""
import bench_calc


def test_benchmark_measures_all_three_ways_on_a_small_table(office):
    result = bench_calc.measure(office, size=6, repeat=1, loop_repeat=1)  # exits if the sheets differ
    assert set(result) == {"tool", "raw", "loop"} and all(seconds > 0 for seconds in result.values())


def test_benchmark_table_mixes_numbers_and_formulas():
    rows = bench_calc.table(4)
    assert rows[1] == [4.0, "=A2*2+1", 6.0, "=C2*2+1"]
