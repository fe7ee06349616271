"""vant"""
