"""star_battle"""
