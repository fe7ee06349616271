"""stars_and_bars"""
