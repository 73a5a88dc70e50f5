"""scripts/bench_calc.py measures what it claims: the same cells written by the tool, raw and cell by cell."""
import bench_calc


def test_benchmark_writes_the_same_values_all_three_ways_on_a_small_table(office):
    result = bench_calc.measure(office, size=4, repeat=1, loop_repeat=1)
    assert set(result.seconds) == {"tool", "raw", "loop"}
    expected = tuple((4.0 * r, 8.0 * r + 1, 4.0 * r + 2, 8.0 * r + 5) for r in range(4))  # =A1*2+1 beside A1
    assert result.sheets == {"tool": expected, "raw": expected, "loop": expected}


def test_benchmark_table_mixes_numbers_and_formulas():
    rows = bench_calc.table(4)
    assert rows[1] == [4.0, "=A2*2+1", 6.0, "=C2*2+1"]
